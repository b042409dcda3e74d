/** `import url from 'pkg/worker?worker-file'`: the URL of a prebuilt worker script copied into the build (rspack.config.mjs). */
declare module '*?worker-file' {
  const url: string;
  export default url;
}
