import { useRef } from 'react';
import { useWalkthrough } from '@/store/use-walkthrough';
import { CertificatesPanel } from './certificates-panel';
import { LockServicePanel } from './lock-service-panel';
import { RenewersPanel } from './renewers-panel';
import { SequenceDiagram } from './sequence-diagram';
import { StepCaption } from './step-caption';
import { TextVersion } from './text-version';
import { TimelineControls } from './timeline-controls';
import { useStepKeys } from './use-step-keys';

export function Walkthrough() {
  const scope = useRef<HTMLElement>(null);
  const textVersion = useWalkthrough((state) => state.textVersion);
  useStepKeys(scope);

  return (
    <section className="walkthrough" aria-labelledby="walkthrough-heading" ref={scope}>
      <h2 id="walkthrough-heading" className="visually-hidden">
        Walkthrough
      </h2>
      <div className="walkthrough-bar">
        <TimelineControls />
        <StepCaption />
      </div>
      <div className="stage">
        <SequenceDiagram />
        <div className="panels">
          <LockServicePanel />
          <CertificatesPanel />
          <RenewersPanel />
        </div>
      </div>
      {textVersion && <TextVersion />}
    </section>
  );
}
