import type { ComponentProps } from 'react';
import LabPage from '@/lab/lab-page';
import { OutcomeMap } from '@/outcome-map/outcome-map-view';

/** The lab page with the outcome map below its run: two features, put together here by the entry point. */
export default function LabWithMap(props: Omit<ComponentProps<typeof LabPage>, 'outcomeMap'>) {
  return <LabPage {...props} outcomeMap={OutcomeMap} />;
}
