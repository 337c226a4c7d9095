/** Media files a Worker bundles as Data modules (wrangler `rules`): the file's bytes. */
declare module "*.webm" {
  const bytes: ArrayBuffer;
  export default bytes;
}
