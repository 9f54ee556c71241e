// The login rate limiter lives in server-kit now: the gateway's optional sign-in uses the same one.
export { RateLimiter, type RateLimitRule } from '@st/server-kit';
