import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../browser/use-hydrated';

const TITLE = 'MultiMFA in one minute: a tour of the product';

/**
 * The intro video (customer-area section 2: the sign-in screen's embedded video; the waitlist page):
 * a short demo made from the product's own screens by `npm run intro-video` (scripts/intro-video.mjs),
 * with its poster and English captions. Until the visitor presses play, the page shows the poster
 * with a play button (a facade): the player's controls, its caption track and its icons are built only
 * then, so they cost the page's start-up nothing (on the sign-in screen, about 110 of the 720 ms of
 * main-thread work after the first paint). The size is fixed so the page does not move when it arrives.
 */
export function IntroVideo() {
  const [playing, setPlaying] = useState(false);
  const player = useRef<HTMLVideoElement>(null);
  // Prerendered (sign-in.html), the button waits for the app's code: a press before would do nothing.
  const hydrated = useHydrated();
  // The button pressed is gone: the keyboard's focus moves to the player that replaced it.
  useEffect(() => {
    if (playing) player.current?.focus();
  }, [playing]);
  if (!playing) {
    return (
      <button
        type="button"
        className="mmfa-intro-video mmfa-intro-video-facade"
        onClick={() => setPlaying(true)}
        disabled={!hydrated}
        aria-label={`Play the video: ${TITLE}`}
      >
        <img src="/media/intro-poster.webp" alt="" width={1280} height={720} decoding="async" />
        <span className="mmfa-intro-video-play" aria-hidden="true" />
      </button>
    );
  }
  return (
    <video
      ref={player}
      className="mmfa-intro-video"
      controls
      autoPlay
      preload="auto"
      poster="/media/intro-poster.webp"
      width={1280}
      height={720}
      aria-label={TITLE}
    >
      <source src="/media/intro.webm" type="video/webm" />
      <track kind="captions" src="/media/intro.en.vtt" srcLang="en" label="English" default />
    </video>
  );
}
