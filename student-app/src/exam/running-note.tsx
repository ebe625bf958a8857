/** What the exam list and the start page say of a running attempt: it is resumed, with the time left and, when the access changed since it started, why it goes on. */
import type { RunningAttemptInfo } from 'shared-api';
import { Text } from 'shared-ui';
import { minutesLeft } from './clock';

export const RESUME_ANYWAY = 'The attempt you started can still be finished before its time runs out.';

export function RunningNote({ running, receivedAt }: { running: RunningAttemptInfo; receivedAt: number | undefined }) {
  return (
    <>
      <Text fontSize="sm" color="fg.info" fontWeight="medium" data-testid="running-note">
        In progress{receivedAt !== undefined && ` · Time left: ${minutesLeft(running.secondsLeft, receivedAt)} min`}
      </Text>
      {running.reason && (
        <Text fontSize="sm" color="fg.warning">
          {running.reason} {RESUME_ANYWAY}
        </Text>
      )}
    </>
  );
}
