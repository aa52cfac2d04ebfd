/**
 * The intro video (customer-area section 2: the sign-in screen's embedded video; the waitlist page):
 * a short demo made from the product's own screens by `npm run intro-video` (scripts/intro-video.mjs),
 * with its poster and English captions. Nothing of it downloads before the visitor presses play but
 * the small poster; the size is fixed so the page does not move when it arrives.
 */
export function IntroVideo() {
  return (
    <video
      className="mmfa-intro-video"
      controls
      preload="none"
      poster="/media/intro-poster.webp"
      width={1280}
      height={720}
      aria-label="MultiMFA in one minute: a tour of the product"
    >
      <source src="/media/intro.webm" type="video/webm" />
      <track kind="captions" src="/media/intro.en.vtt" srcLang="en" label="English" default />
    </video>
  );
}
