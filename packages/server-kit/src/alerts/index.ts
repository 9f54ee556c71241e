export { canonicalIp, nonPublicRange } from './addresses';
export {
  ALERT_SEND_TIMEOUT_MS,
  alertTitle,
  ntfyMessage,
  type SendOptions,
  sendAlert,
  sendError,
  signBody,
} from './channels';
export {
  ALERT_PUBLIC_PORTS,
  type AlertAllowEntry,
  AlertDestinationError,
  type AlertDestinations,
  type AlertLookup,
  type AlertTarget,
  anyDestination,
  channelTarget,
  parseAlertAllowList,
  publicDestinations,
  type ResolvedAddress,
  resolveTarget,
  systemLookup,
} from './destinations';
export {
  ALERT_RETRY_WINDOW_MS,
  alertRetryDelayMs,
  mergeSecrets,
  redactChannels,
  vetChannels,
} from './secrets';
