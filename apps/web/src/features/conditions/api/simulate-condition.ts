import {
  type ConditionSimulation,
  ConditionSimulationSchema,
  type SimulationContextInput,
} from '@adstudio/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';

/** POST /v1/conditions/{id}/simulate → the condition's verdict in a context, predicate by predicate. */
export const simulateCondition = ({
  id,
  context,
}: {
  id: number;
  context: SimulationContextInput;
}): Promise<ConditionSimulation> =>
  getData(ConditionSimulationSchema, api.post(`/v1/conditions/${id}/simulate`, context));

/** Nothing is cached: each run answers one context. The simulator shows a 422 on its fields. */
export const useSimulateCondition = () =>
  useMutation({ mutationFn: simulateCondition, meta: { skipAlert: true } });
