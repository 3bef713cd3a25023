import content from 'virtual:lockstep/content';
import lab from 'virtual:lockstep/lab';
import { useEffect, useId, useMemo, useState } from 'react';
import { CodeText } from '@/components/code-text';
import { registerLabLockServices } from '@/sim/lab-services';
import { nodeTime, type RedlockNode } from '@/sim/redlock';
import { runScenario, type Frame } from '@/sim/run';
import { CertificatesPanelView } from '@/walkthrough/certificates-panel';
import { formatTime } from '@/walkthrough/format';
import { narrationsFor } from '@/walkthrough/narrations';
import { SequenceDiagramView } from '@/walkthrough/sequence-diagram';
import {
  clampField,
  LAB_FIELDS,
  LAB_SERVICES,
  parseLabConfig,
  presetConfig,
  serializeLabConfig,
  labScenario,
  type FieldProblem,
  type LabConfig,
} from './lab-config';
import { reasonFor, verdictOf } from './verdict';
import './lab.css';

registerLabLockServices();

/** The lock lab: change the what-ifs, and the simulation runs again and is stepped through like the walkthrough. */
export default function LabPage() {
  const initial = useMemo(() => parseLabConfig(window.location.search), []);
  const [config, setConfig] = useState<LabConfig>(initial.config);
  const [problems, setProblems] = useState<readonly FieldProblem[]>(initial.problems);
  const [cursor, setCursor] = useState(0);
  const seed = content.scenarios[0]!;
  const timeline = useMemo(
    () => runScenario(labScenario(seed, config), { fencing: config.storage === 'fenced' }),
    [seed, config],
  );
  const step = Math.min(cursor, timeline.frames.length - 1);
  const frame = timeline.frames[step]!;
  const verdict = verdictOf(timeline);
  const caption = narrationsFor(timeline)[step]?.caption ?? '';

  useEffect(() => {
    window.history.replaceState(window.history.state, '', `${serializeLabConfig(config)}&lab#lab`);
  }, [config]);

  const change = (next: LabConfig, fieldProblems: readonly FieldProblem[] = []) => {
    setConfig(next);
    setProblems(fieldProblems);
    setCursor(0);
  };
  const problemFor = (field: keyof LabConfig) => problems.find((problem) => problem.field === field)?.message;

  return (
    <main className="lab" id="lab">
      <h1>Lock lab</h1>
      <p>
        Change what happens to renewer A and which lock service guards the certificate; the simulation runs again and
        you can step through it. <a href="./">Back to the lesson</a>
      </p>
      <section aria-labelledby="presets-heading">
        <h2 id="presets-heading">Presets</h2>
        <ul className="presets">
          {lab.presets.map((preset) => (
            <li key={preset.id}>
              <button type="button" onClick={() => change(presetConfig(preset.config))}>
                {preset.title}
              </button>
              <span className="preset-description">{preset.description}</span>
            </li>
          ))}
        </ul>
      </section>
      <form className="lab-controls" aria-label="What if" onSubmit={(event) => event.preventDefault()}>
        <label>
          Lock service
          <select
            value={config.service}
            onChange={(event) => change({ ...config, service: event.target.value as LabConfig['service'] })}
          >
            {LAB_SERVICES.map((service) => (
              <option key={service} value={service}>
                {lab.services[service]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Storage
          <select
            value={config.storage}
            onChange={(event) => change({ ...config, storage: event.target.value as LabConfig['storage'] })}
          >
            <option value="fenced">checks tokens (fenced)</option>
            <option value="unchecked">checks nothing</option>
          </select>
        </label>
        <label>
          Renewers
          <select
            value={config.renewers}
            onChange={(event) => change({ ...config, renewers: Number(event.target.value) as 2 | 3 })}
          >
            <option value={2}>2</option>
            <option value={3}>3</option>
          </select>
        </label>
        {(Object.keys(LAB_FIELDS) as (keyof typeof LAB_FIELDS)[]).map((field) => (
          <NumberField
            // A new value from a preset or a clamp starts the field afresh.
            key={`${field}-${config[field]}`}
            label={`${LAB_FIELDS[field].label} (ms)`}
            value={config[field]}
            problem={problemFor(field)}
            onCommit={(raw) => {
              const result = clampField(field, raw);
              const others = problems.filter((problem) => problem.field !== field);
              change({ ...config, [field]: result.value }, result.problem ? [...others, result.problem] : others);
            }}
          />
        ))}
      </form>
      <section className="lab-run" aria-labelledby="run-heading">
        <h2 id="run-heading">What happens</h2>
        <div className="stepper" role="group" aria-label="Step through the lab run">
          <button type="button" onClick={() => setCursor(Math.max(0, step - 1))} disabled={step === 0}>
            Back
          </button>
          <span className="step-indicator">
            Step {step + 1} of {timeline.frames.length}
          </span>
          <button
            type="button"
            className="primary"
            onClick={() => setCursor(Math.min(timeline.frames.length - 1, step + 1))}
            disabled={step === timeline.frames.length - 1}
          >
            Next
          </button>
          <button type="button" onClick={() => setCursor(timeline.frames.length - 1)}>
            Go to the end
          </button>
        </div>
        <p className="caption" aria-live="polite">
          <span className="caption-time">{formatTime(frame.at)}</span> <CodeText text={caption} />
        </p>
        <div className="stage">
          <SequenceDiagramView timeline={timeline} cursor={step} title="Lock lab" />
          <div className="panels">
            {frame.world.lock.kind === 'redlock' && <RedlockNodes frame={frame} />}
            <CertificatesPanelView timeline={timeline} cursor={step} />
          </div>
        </div>
        <p className={`verdict verdict-${verdict.kind}`} role="status">
          <strong>Verdict: {lab.verdicts[verdict.kind]}.</strong>{' '}
          {verdict.kind === 'staleWriteLanded' &&
            `Renewer ${verdict.writer}'s write${verdict.token === null ? ' (no token)' : ` with token ${verdict.token}`} landed after a newer one. `}
          {lab.reasons[reasonFor(verdict, config)]}
        </p>
      </section>
    </main>
  );
}

function NumberField({
  label,
  value,
  problem,
  onCommit,
}: {
  label: string;
  value: number;
  problem: string | undefined;
  onCommit: (raw: string) => void;
}) {
  const [draft, setDraft] = useState(String(value));
  const id = useId();
  return (
    <div className="number-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        value={draft}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => onCommit(draft)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCommit(draft);
        }}
      />
      {problem && (
        <span id={`${id}-problem`} className="field-problem">
          {problem}
        </span>
      )}
    </div>
  );
}

/** Redlock's five nodes at this step: each one's own clock, and whose key it holds. */
function RedlockNodes({ frame }: { frame: Frame }) {
  const state = frame.world.lock.state as { nodes: readonly RedlockNode[] };
  return (
    <section className="panel" aria-labelledby="redlock-nodes">
      <h3 id="redlock-nodes">Redlock nodes</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">node</th>
            <th scope="col">its clock</th>
            <th scope="col">key held for</th>
          </tr>
        </thead>
        <tbody>
          {state.nodes.map((node) => {
            const clock = nodeTime(node.clock, frame.at);
            const key = node.keys.lock;
            const live = key && clock < key.expiresAtNodeMs;
            const holder = live ? frame.world.renewers.find((renewer) => renewer.leaseValue === key.value)?.name : null;
            return (
              <tr key={node.id}>
                <td>{node.id}</td>
                <td>{formatTime(clock)}</td>
                <td>{live ? `${holder ?? key.value} until ${formatTime(key.expiresAtNodeMs)}` : 'free'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
