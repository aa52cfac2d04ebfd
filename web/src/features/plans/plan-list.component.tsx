import { Alert, Button, Group, Loader, SimpleGrid, Text } from '@mantine/core';
import type { Plan } from '@multimfa/api-contract';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import { setPaymentInfo, setPlan } from '../../session/session.actions';
import type { MfaType } from '../../session/session.schema';
import { sessionStore, useSession } from '../../session/session-store';
import { fullPrice } from '../purchase/amounts';
import { currentPlanId } from './current-plan';
import { PlanCard } from './plan-card.component';
import { usePlans } from './use-plans';

const PLANS_ERROR_MESSAGE = 'Unable to fetch plans from server';

/**
 * The plan cards of one kind; choosing a plan stores it in the session (with the payment info of its
 * full price) and goes on to /payment.
 */
export function PlanList({ kind }: { kind: MfaType }) {
  const plans = usePlans(kind);
  const current = currentPlanId(useSession(), kind);
  const navigate = useNavigate();

  const choose = (plan: Plan) => {
    sessionStore.apply(setPlan, plan);
    // A discount applied for another plan does not carry over: the payment starts from this price.
    sessionStore.apply(setPaymentInfo, fullPrice(plan.basePrice));
    void navigate('/payment');
  };

  if (plans.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">Loading plans...</Text>
      </Group>
    );
  }
  if (plans.isError) {
    return (
      <Alert color="red" variant="light" title={errorMessage(plans.error, PLANS_ERROR_MESSAGE)}>
        <Button size="xs" variant="light" color="red" onClick={() => void plans.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" data-testid="plan-list">
      {plans.data.map((plan) => (
        <PlanCard key={plan.planId} plan={plan} current={String(plan.planId) === current} onChoose={choose} />
      ))}
    </SimpleGrid>
  );
}
