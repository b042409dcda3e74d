/** Injected at build time by platform/build/remote-config.mjs (DefinePlugin). */
declare const __REMOTE_NAME__: string;
declare const __REMOTE_VERSION__: string;
