export * from './alerts/index';
export { isApiLikePath } from './apiPath';
export { beginClosing, isClosing } from './closing';
export {
  ConfigError,
  type ConfigSources,
  configFields,
  flagName,
  loadConfigOrExit,
  parseConfig,
  type ReadConfigOptions,
} from './config';
export { type ServeConsoleOptions, serveConsole } from './console';
export { normaliseOrigin, originAllowed, registerCrossSiteGuard, websocketOriginCheck } from './crossSite';
export {
  API_COMPRESSION_THRESHOLD_BYTES,
  negotiateEncoding,
  registerCompression,
} from './delivery';
export { registerErrorHandling } from './errors';
export { createHttpApp, type HttpApp, type HttpAppOptions } from './http';
export { INGRESS_PATH_HEADER, ingressBasePath, trustedPeer } from './ingress';
export { LinkTransferError, type LinkTransferLimits, LinkTransfers } from './linkTransfers';
export { createLogger, type Logger, type LoggerConfig, REDACT_PATHS } from './logger';
export {
  isPrivateAddress,
  METRICS_PATH,
  type MetricsAccess,
  registerMetrics,
  type ServerMetrics,
  setServerTiming,
} from './metrics';
export { type OpenApiOptions, registerOpenApi } from './openapi';
export { RateLimiter, type RateLimitRule } from './rateLimit';
export { allowedOriginsField, type TrustProxy, trustProxyField } from './securityConfig';
export { CONTENT_SECURITY_POLICY, registerSecurityHeaders } from './securityHeaders';
export { handleShutdownSignals, type ShutdownOptions, type StopStep, stopInOrder } from './shutdown';
