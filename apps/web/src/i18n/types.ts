// The shape of a feature's texts (its messages.ts): the English object is the source of its keys; every other
// language has the same keys, and for each plural set (a key ending in _one/_other, i18next's plural suffixes
// chosen by Intl.PluralRules from `count`) also the forms its language needs beyond English's one and other.

/** The plural forms each language of the console needs (Intl.PluralRules categories). */
export const PLURAL_FORMS = {
  en: ['one', 'other'],
  ru: ['one', 'few', 'many', 'other'],
} as const;

type PluralBase<K> = K extends `${infer Base}_other` ? Base : never;

/** Russian texts for English texts `E`: the same keys, plus `_few` and `_many` beside each `_other`. */
export type RuTexts<E> = { [K in keyof E]: string } & {
  [K in keyof E as PluralBase<K> extends never
    ? never
    : `${PluralBase<K>}_few` | `${PluralBase<K>}_many`]: string;
};

/** A feature's texts in both languages, as `addTexts` takes them. */
export interface Texts<E extends Record<string, string> = Record<string, string>> {
  en: E;
  ru: RuTexts<E>;
}
