export { ALERT_SEND_TIMEOUT_MS, alertTitle, ntfyMessage, sendAlert, sendError, signBody } from './channels';
export { ALERT_RETRY_WINDOW_MS, alertRetryDelayMs, mergeSecrets, redactChannels } from './secrets';
