// Vite's `?inline` CSS import: the built (minified) stylesheet as a string, as vite/client declares it.
declare module '*.css?inline' {
  const css: string;
  export default css;
}
