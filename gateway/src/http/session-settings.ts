/** The session cookie and where express-session keeps sessions in Redis. */
export const SESSION_COOKIE = 'mmfa.sid';
export const SESSION_PREFIX = 'session:';
