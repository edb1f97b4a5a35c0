/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The FCM web push public key (VAPID). Public, not a secret; absent means no push. */
  readonly VITE_FCM_VAPID_KEY?: string;
  /** The local storage key of the language, `i18nConfig` unless set. */
  readonly VITE_LANGUAGE_STORAGE_KEY?: string;
  /** The local storage key of the layout options, `LayoutConfig` unless set. */
  readonly VITE_LAYOUT_STORAGE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
