/** What the exam list and the start page say of a running attempt: it is resumed, with the time left and, when the access changed since it started, why it goes on. */
import { formatNumber, i18n, translateServerMessage, type RunningAttemptInfo } from 'shared-api';
import { Text } from 'shared-ui';
import { minutesLeft } from './minutes-left';

export function RunningNote({ running, receivedAt }: { running: RunningAttemptInfo; receivedAt: number | undefined }) {
  return (
    <>
      <Text fontSize="sm" color="fg.info" fontWeight="medium" data-testid="running-note">
        {receivedAt === undefined
          ? i18n._('In progress')
          : i18n._('In progress · Time left: {minutes} min', { minutes: formatNumber(minutesLeft(running.secondsLeft, receivedAt)) })}
      </Text>
      {running.reason && (
        <Text fontSize="sm" color="fg.warning">
          {translateServerMessage(running.reason)} {i18n._('You can still finish the attempt you started.')}
        </Text>
      )}
    </>
  );
}
