import content from 'virtual:lockstep/content';
import { Walkthrough } from '@/walkthrough/walkthrough';
import { Notices } from './notices';

export function App() {
  return (
    <>
      <header className="site-header">
        <p className="brand">Lockstep</p>
        <p className="tagline">Distributed locks, leases and fencing tokens, one step at a time</p>
      </header>
      <main>
        <h1>Two renewers, one certificate</h1>
        <Notices />
        {/* Built from content/walkthrough/intro.md at build time; no user input reaches it. */}
        <div className="intro prose" dangerouslySetInnerHTML={{ __html: content.introHtml }} />
        <Walkthrough />
      </main>
    </>
  );
}
