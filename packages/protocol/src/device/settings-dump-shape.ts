// The shape of a settings dump, on its own so that the dump codec (settings-dump.ts) and the partitions'
// codec (settings-sections.ts) both use it without importing each other.

/** The five partitions in dump order, as raw (unescaped) text. */
export interface SettingsDump {
  wifi: string;
  name: string;
  config: string;
  hooks: string;
  actions: string;
}
