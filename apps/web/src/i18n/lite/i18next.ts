// A small stand-in for i18next, bundled instead of it (vite.config.ts aliases 'i18next' here; issue 21:
// i18next and react-i18next were 16 KiB gzip of every first screen). It does what this console uses: one
// language per page load (a language switch reloads the page), flat keys, {{name}} interpolation without
// escaping (React escapes), a second namespace ('errors') read with getResource, texts added after start-up
// (addResourceBundle). Types still come from i18next itself, so t() keeps its typed keys; a key not in the
// catalog comes back as the key.

type Resources = Record<string, Record<string, Record<string, unknown>>>;

interface InitOptions {
  lng?: string;
  resources?: Resources;
}

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

export function interpolate(text: string, params: Record<string, unknown> | undefined): string {
  if (params === undefined) return text;
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export class LiteI18n {
  language = 'en';
  isInitialized = false;
  #resources: Resources = {};

  use(_plugin: unknown): this {
    return this;
  }

  init(options: InitOptions = {}): Promise<this> {
    this.language = options.lng ?? this.language;
    this.#resources = options.resources ?? {};
    this.isInitialized = true;
    return Promise.resolve(this);
  }

  getResource(lng: string, ns: string, key: string): unknown {
    return this.#resources[lng]?.[ns]?.[key];
  }

  /** Adds (or replaces) texts of one namespace: the rest of the catalog arrives after start-up. */
  addResourceBundle(lng: string, ns: string, resources: Record<string, unknown>): this {
    const language = this.#resources[lng] ?? {};
    language[ns] = { ...language[ns], ...resources };
    this.#resources[lng] = language;
    return this;
  }

  /** `t(key, params)`: the text of `key` in the 'translation' namespace, with {{params}} filled in. */
  t = (key: string, params?: Record<string, unknown>): string => {
    const text = this.getResource(this.language, 'translation', key);
    return typeof text === 'string' ? interpolate(text, params) : key;
  };

  changeLanguage(lng: string): Promise<(key: string, params?: Record<string, unknown>) => string> {
    this.language = lng;
    return Promise.resolve(this.t);
  }
}

export function createInstance(): LiteI18n {
  return new LiteI18n();
}

const i18next = createInstance();
export default i18next;
