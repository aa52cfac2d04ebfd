import { Progress } from '@mantine/core';
import { useNavigation } from 'react-router-dom';

/** A thin bar at the top while the next page's code loads. */
export function RouteProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <Progress
      className="mmfa-route-progress"
      value={100}
      size={3}
      radius={0}
      striped
      animated
      aria-label="Loading page"
    />
  );
}
