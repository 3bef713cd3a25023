declare module 'virtual:lockstep/content' {
  import type { Content } from '@/content/types';

  const content: Content;
  export default content;
}
