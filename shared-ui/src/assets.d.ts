/** A stylesheet imported as a file: its URL (webpack asset/resource; jest maps it to a stub). */
declare module '*.css' {
  const url: string;
  export default url;
}
