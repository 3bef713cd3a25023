declare module 'virtual:lockstep/content' {
  const content: import('./types').Content;
  export default content;
}
