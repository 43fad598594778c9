/*
 * The translation core of the viewer: what the code used of i18next, in a few hundred bytes instead
 * of 15 KiB gzip in the first route. Keys are `namespace:path.to.key` (the namespace defaults to the
 * one a `t` is bound to), `{{name}}` is replaced by the option of that name, a `count` option picks
 * `key_zero` (for 0, when present), then `key_one`/`key_other`/… by Intl.PluralRules, then `key`.
 * A key missing in the current language is read in the fallback language (German); missing there
 * too, `t` answers `defaultValue` or else the key itself (without its namespace), as i18next does.
 */

/** The texts of one namespace in one language: nested objects of strings. */
export type TextBundle = { readonly [key: string]: string | TextBundle };

export type TOptions = {
  /** Picks the plural form and is interpolated as `{{count}}`. */
  count?: number;
  /** The text when the key is missing in every language (interpolated like a text). */
  defaultValue?: string;
  [name: string]: unknown;
};

export type TFunction = (key: string, options?: TOptions) => string;

/** Reads a namespace that is not bundled (i18next's backend `read`): the callback gets the texts or an error. */
export type ReadNamespace = (language: string, namespace: string, callback: (error: Error | null, texts: TextBundle | null) => void) => void;

export type I18nOptions = {
  lng: string;
  fallbackLng: string;
  /** The namespace of a `t` that names none. */
  defaultNS: string;
  /** language → namespace → texts. */
  resources: Record<string, Record<string, TextBundle>>;
  /** Namespaces `loadNamespace` reads with `read` (in every language of `languages`) when they are first used: `has` tells them. */
  lazy?: { has: (namespace: string) => boolean; languages: readonly string[]; read: ReadNamespace };
  /**
   * The texts of a language that `resources` lacks (namespace → texts), or undefined when there are
   * none to load. Read when the instance starts in that language or changes to it.
   */
  loadLanguage?: (language: string) => Promise<Record<string, TextBundle>> | undefined;
};

const NS_SEPARATOR = ':';
const KEY_SEPARATOR = '.';
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function lookup(bundle: TextBundle | undefined, key: string): string | undefined {
  let node: string | TextBundle | undefined = bundle;
  for (const part of key.split(KEY_SEPARATOR)) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{{name}}` → the option; an option that is missing or null becomes '' (i18next does the same). */
function interpolate(text: string, options: TOptions): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>, overwrite: boolean): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = merged[key];
    if (existing && value && typeof existing === 'object' && typeof value === 'object') {
      merged[key] = deepMerge(existing as Record<string, unknown>, value as Record<string, unknown>, overwrite);
    } else if (overwrite || !(key in merged)) {
      merged[key] = value;
    }
  }
  return merged;
}

export class I18n {
  language: string;
  /** Counts what changes the texts on screen: a language change, a language's texts arriving. */
  revision = 0;
  private readonly options: I18nOptions;
  private readonly store: Record<string, Record<string, TextBundle>> = {};
  private readonly listeners = new Set<() => void>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly failed = new Set<string>();
  private readonly fixed = new Map<string, TFunction>();

  constructor(options: I18nOptions) {
    this.options = options;
    this.language = options.lng;
    for (const [language, namespaces] of Object.entries(options.resources)) {
      for (const [namespace, texts] of Object.entries(namespaces)) this.addResourceBundle(language, namespace, texts);
    }
    // Until they are there, the fallback language's texts show; then everything renders again.
    void this.languageTexts(this.language)?.then(() => this.emit());
  }

  /** The text of `key` (`ns:key` or a key of the default namespace) in the current language. */
  t: TFunction = (key, options) => this.translate(this.options.defaultNS, key, options);

  /** A `t` whose keys belong to `namespace` unless they name another (`other:key`). */
  getFixedT(namespace: string = this.options.defaultNS): TFunction {
    let t = this.fixed.get(namespace);
    if (!t) {
      t = (key, options) => this.translate(namespace, key, options);
      this.fixed.set(namespace, t);
    }
    return t;
  }

  /** Switches once the language's texts are there (the old language shows meanwhile). */
  async changeLanguage(language: string): Promise<void> {
    await this.languageTexts(language);
    if (language === this.language) return;
    this.language = language;
    this.emit();
  }

  /** Loads the texts of `language` when it has none yet; undefined when there is nothing to wait for. */
  private languageTexts(language: string): Promise<void> | undefined {
    if (this.hasResourceBundle(language, this.options.defaultNS)) return undefined;
    const loading = this.options.loadLanguage?.(language);
    return loading?.then(
      (namespaces) => {
        for (const [namespace, texts] of Object.entries(namespaces)) this.addResourceBundle(language, namespace, texts);
      },
      (error: unknown) => console.error(`Texts of the language ${language} could not be loaded`, error),
    );
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.store[language]?.[namespace] !== undefined;
  }

  /** Adds texts to a namespace; `deep` merges into what is there (`overwrite` replaces existing texts), else they are added on top. */
  addResourceBundle(language: string, namespace: string, texts: TextBundle, deep = false, overwrite = false): this {
    const namespaces = (this.store[language] ??= {});
    const existing = namespaces[namespace];
    namespaces[namespace] = (
      existing && deep ? deepMerge(existing as Record<string, unknown>, texts as Record<string, unknown>, overwrite) : { ...existing, ...texts }
    ) as TextBundle;
    return this;
  }

  /**
   * Reads a lazy namespace that is not here yet. Answers the promise of that read to wait for (it
   * settles either way), or undefined when there is nothing to wait for: the namespace is here, is not
   * lazy, or could not be read (its keys show then, as with i18next after a failed load).
   */
  loadNamespace(namespace: string): Promise<void> | undefined {
    const lazy = this.options.lazy;
    if (!lazy?.has(namespace) || this.hasResourceBundle(this.language, namespace) || this.failed.has(namespace)) return undefined;
    const running = this.loading.get(namespace);
    if (running) return running;
    let outstanding = lazy.languages.length;
    let failure = false;
    let settle!: () => void;
    const promise = new Promise<void>((resolve) => (settle = resolve));
    for (const language of lazy.languages) {
      lazy.read(language, namespace, (error, texts) => {
        if (error || !texts) failure = true;
        else this.addResourceBundle(language, namespace, texts);
        if (--outstanding > 0) return;
        this.loading.delete(namespace);
        if (failure && !this.hasResourceBundle(this.language, namespace)) {
          console.error(`Texts of the namespace ${namespace} could not be loaded`, error);
          this.failed.add(namespace);
        }
        settle();
      });
    }
    // Read at once (the backend had the texts already): nothing to wait for.
    if (outstanding === 0) return undefined;
    this.loading.set(namespace, promise);
    return promise;
  }

  /** Called when the language changes or its texts arrive (`revision` counts up). */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    this.revision += 1;
    for (const listener of [...this.listeners]) listener();
  }

  private translate(defaultNamespace: string, fullKey: string, options?: TOptions): string {
    const separator = fullKey.indexOf(NS_SEPARATOR);
    const namespace = separator > 0 ? fullKey.slice(0, separator) : defaultNamespace;
    const key = separator > 0 ? fullKey.slice(separator + 1) : fullKey;
    const languages = this.language === this.options.fallbackLng ? [this.language] : [this.language, this.options.fallbackLng];
    for (const language of languages) {
      const bundle = this.store[language]?.[namespace];
      if (!bundle) continue;
      const count = options?.count;
      const candidates =
        typeof count === 'number' ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralCategory(language, count)}`, key] : [key];
      for (const candidate of candidates) {
        const text = lookup(bundle, candidate);
        if (text !== undefined) return options ? interpolate(text, options) : text;
      }
    }
    if (options?.defaultValue !== undefined) return interpolate(options.defaultValue, options);
    return key;
  }
}
