import { z } from 'zod';
import {
  AlertDeviceThreshold,
  AlertHistoryPage,
  AlertHistoryQuery,
  AlertSettings,
  AlertTestQuery,
  AlertTestResult,
  AlertThresholdSet,
  CloudAlertSettings,
} from '../entities/alerts';
import { CrashLoopState, TimelineEntry, TimelineQuery } from '../entities/timeline';
import { route } from './define';

// Device health (issue 16): the gateway's alert rules and channels, the device timeline, crash loops; the
// cloud's per-user gateway-offline alerts. The gateway's routes are relayable (the Alerts screen in cloud mode).

const gateway = { server: 'gateway', relayable: true } as const;
const cloud = { server: 'cloud', relayable: false } as const;

export const ALERT_ROUTES = {
  'gateway.alerts.get': route({
    ...gateway,
    method: 'GET',
    path: '/api/alerts',
    response: AlertSettings,
    summary: 'Alert rules and channels (secrets never returned: hasSecret/hasPassword/hasToken instead)',
  }),
  'gateway.alerts.put': route({
    ...gateway,
    method: 'PUT',
    path: '/api/alerts',
    body: AlertSettings,
    response: AlertSettings,
    summary: 'Replace alert rules and channels (an omitted secret keeps the stored one, "" clears it)',
  }),
  'gateway.alerts.test': route({
    ...gateway,
    method: 'POST',
    path: '/api/alerts/test',
    query: AlertTestQuery,
    response: AlertTestResult,
    summary: 'Send a test alert on one saved channel now',
  }),
  'gateway.alerts.thresholds.list': route({
    ...gateway,
    method: 'GET',
    path: '/api/alerts/thresholds',
    response: z.array(AlertDeviceThreshold),
    summary: "Devices with their own offline threshold (seconds), overriding the rules' deviceOfflineAfter",
  }),
  'gateway.alerts.thresholds.set': route({
    ...gateway,
    method: 'PUT',
    path: '/api/alerts/thresholds',
    body: AlertThresholdSet,
    response: z.array(AlertDeviceThreshold),
    summary: "Set one device's offline threshold (null: back to the global one); answers the whole list",
  }),
  'gateway.alerts.history': route({
    ...gateway,
    method: 'GET',
    path: '/api/alerts/history',
    query: AlertHistoryQuery,
    response: AlertHistoryPage,
    summary: 'Alerts that fired and how each delivery went, newest first, paged (filter by device and kind)',
  }),
  'gateway.devices.timeline': route({
    ...gateway,
    method: 'GET',
    path: '/api/devices/timeline',
    query: TimelineQuery,
    response: z.array(TimelineEntry),
    summary: "A device's timeline, newest first, paged",
  }),
  'gateway.devices.crashLoops': route({
    ...gateway,
    method: 'GET',
    path: '/api/devices/crash-loops',
    response: z.array(CrashLoopState),
    summary: 'Devices in a crash loop now',
  }),
  'cloud.alerts.get': route({
    ...cloud,
    method: 'GET',
    path: '/api/alerts',
    response: CloudAlertSettings,
    summary: "The signed-in user's gateway-offline alert settings (secrets never returned)",
  }),
  'cloud.alerts.put': route({
    ...cloud,
    method: 'PUT',
    path: '/api/alerts',
    body: CloudAlertSettings,
    response: CloudAlertSettings,
    summary: "Replace the signed-in user's gateway-offline alert settings",
  }),
  'cloud.alerts.test': route({
    ...cloud,
    method: 'POST',
    path: '/api/alerts/test',
    query: AlertTestQuery,
    response: AlertTestResult,
    summary: "Send a test alert on one of the signed-in user's channels now",
  }),
} as const;
