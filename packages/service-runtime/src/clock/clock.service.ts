/** Time as a dependency, so rules about expiry and periods are tested without waiting. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that stands still until a test moves it. */
export class FixedClock extends Clock {
  constructor(private current = new Date('2026-01-01T00:00:00Z')) {
    super();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
