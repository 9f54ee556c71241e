import { randomUUID } from 'node:crypto';
import { ApiError, type DeviceInfo, DeviceInfoSchema, type SavedDevice } from '@st/protocol';
import { DeviceCallError, type DeviceClient } from '../devices/deviceClient';
import type { SavedDevicesRepo } from './savedDevicesRepo';

/**
 * Saving devices by address: the gateway asks the device for its info (`GET /info/system`) and keeps it.
 * Adding an address that is already saved answers the saved record. Updating re-reads the device and
 * stores what it says now.
 */
export class SavedDevices {
  constructor(
    private readonly repo: SavedDevicesRepo,
    private readonly client: DeviceClient,
  ) {}

  list(): SavedDevice[] {
    return this.repo.list();
  }

  byIp(ip: string): SavedDevice | undefined {
    return this.repo.byIp(ip);
  }

  byName(name: string): SavedDevice | undefined {
    return this.repo.byName(name);
  }

  async add(ip: string): Promise<SavedDevice> {
    const existing = this.repo.byIp(ip);
    if (existing) return existing;
    const info = await this.fetchInfo(ip);
    const again = this.repo.byIp(ip);
    if (again) return again;
    const saved: SavedDevice = { ...info, id: randomUUID() };
    this.repo.insert(saved);
    return saved;
  }

  async update(ip: string): Promise<SavedDevice> {
    const existing = this.repo.byIp(ip);
    if (!existing) throw new ApiError('DEVICE_NOT_SAVED', `There is no saved device with ip=${ip}`);
    const info = await this.fetchInfo(ip);
    const saved: SavedDevice = { ...info, id: existing.id };
    this.repo.update(saved);
    return saved;
  }

  delete(ip: string): void {
    if (!this.repo.deleteByIp(ip))
      throw new ApiError('DEVICE_NOT_SAVED', `There is no saved device with ip=${ip}`);
  }

  /** The device's own info, with `ip` set to the address it was reached at. */
  private async fetchInfo(ip: string): Promise<DeviceInfo> {
    let answer: Awaited<ReturnType<DeviceClient['call']>>;
    try {
      answer = await this.client.call(ip, { method: 'GET', path: '/info/system' });
    } catch (err) {
      if (err instanceof DeviceCallError) {
        throw new ApiError(err.code, `Can't find device with ip=${ip}: ${err.message}`);
      }
      throw err;
    }
    if (answer.status !== 200) {
      throw new ApiError('DEVICE_BAD_ANSWER', `Device ${ip} answered ${answer.status} to GET /info/system`);
    }
    let json: unknown;
    try {
      json = JSON.parse(answer.body.toString('utf8'));
    } catch {
      throw new ApiError('DEVICE_BAD_ANSWER', `Device ${ip} did not answer GET /info/system with JSON`);
    }
    const info = DeviceInfoSchema.safeParse(json);
    if (!info.success) {
      throw new ApiError('DEVICE_BAD_ANSWER', `Device ${ip} sent info that is not SmartThing device info`);
    }
    return { ...info.data, ip };
  }
}
