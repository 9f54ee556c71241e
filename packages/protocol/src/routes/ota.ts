import { z } from 'zod';
import { BoardSchema } from '../device/index';
import { IdQuery, OkResponse } from '../entities/common';
import {
  Firmware,
  FirmwareInfoInput,
  FirmwareUpdate,
  OtaBatchRequest,
  OtaBatchResult,
  OtaHistoryQuery,
  OtaTarget,
  OtaTask,
} from '../entities/ota';
import { route } from './define';

// Gateway OTA routes (reference/web-frontend.md 5.5). Relayable: design.md wants firmware upload to work
// through the cloud (the original refused OTA to the relay and hid it in cloud mode).

const ota = { server: 'gateway', relayable: true } as const;

/** Part names of the multipart firmware upload: `info` (JSON text of FirmwareInfoInput) and `file`. */
export const FIRMWARE_UPLOAD_PARTS = { info: 'info', file: 'file' } as const;

export const OTA_ROUTES = {
  'gateway.ota.firmware.list': route({
    ...ota,
    method: 'GET',
    path: '/api/ota/firmware',
    response: z.array(Firmware),
    summary: 'Saved firmware files',
  }),
  'gateway.ota.firmware.add': route({
    ...ota,
    method: 'POST',
    path: '/api/ota/firmware',
    body: FirmwareInfoInput,
    bodyKind: 'multipart',
    response: Firmware,
    successStatus: 201,
    summary: 'Upload a firmware file (multipart: info + file)',
  }),
  'gateway.ota.firmware.update': route({
    ...ota,
    method: 'PUT',
    path: '/api/ota/firmware',
    body: FirmwareUpdate,
    response: Firmware,
    summary: "Change a firmware's board, type or version",
  }),
  'gateway.ota.firmware.delete': route({
    ...ota,
    method: 'DELETE',
    path: '/api/ota/firmware',
    query: IdQuery,
    response: OkResponse,
    summary: 'Delete a firmware file',
  }),
  'gateway.ota.firmware.download': route({
    ...ota,
    method: 'GET',
    path: '/api/ota/firmware/download',
    query: IdQuery,
    response: z.unknown(),
    responseKind: 'binary',
    summary: 'Download a firmware file',
  }),
  'gateway.ota.boards': route({
    ...ota,
    method: 'GET',
    path: '/api/ota/firmware/boards',
    response: z.array(BoardSchema),
    summary: 'Boards the gateway can update',
  }),
  'gateway.ota.upload.start': route({
    ...ota,
    method: 'POST',
    path: '/api/ota/firmware/upload',
    query: IdQuery,
    body: OtaTarget,
    response: OtaTask,
    summary: 'Start uploading a firmware (query id) to one device',
  }),
  'gateway.ota.upload.batch': route({
    ...ota,
    method: 'POST',
    path: '/api/ota/firmware/upload/batch',
    query: IdQuery,
    body: OtaBatchRequest,
    response: OtaBatchResult,
    summary: 'Start uploading a firmware (query id) to several devices: ip -> task id',
  }),
  'gateway.ota.upload.active': route({
    ...ota,
    method: 'GET',
    path: '/api/ota/firmware/upload',
    response: z.array(OtaTask),
    summary: 'Uploads not finished yet',
  }),
  'gateway.ota.upload.abort': route({
    ...ota,
    method: 'DELETE',
    path: '/api/ota/firmware/upload',
    query: IdQuery,
    response: OkResponse,
    summary: 'Abort an upload (query id = task id)',
  }),
  'gateway.ota.upload.history': route({
    ...ota,
    method: 'GET',
    path: '/api/ota/firmware/upload/history',
    query: OtaHistoryQuery,
    response: z.array(OtaTask),
    summary: 'Finished uploads, newest first',
  }),
} as const;
