// The apiError texts of a locale's module namespace files, merged (moduleApiErrors in vite.config.ts).
declare module 'virtual:module-api-errors/*' {
  const texts: Record<string, string>;
  export default texts;
}
