/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The FCM web push public key (VAPID). Public, not a secret; absent means no push. */
  readonly VITE_FCM_VAPID_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
