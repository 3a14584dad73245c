/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  /** Support chat widget script (https), staff pages only; none when unset. */
  readonly VITE_SUPPORT_CHAT_SCRIPT_URL?: string;
  /** The video test page's `x-api-key` for the video processing call. */
  readonly VITE_VIDEO_PROCESSING_API_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
