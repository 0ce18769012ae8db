import {
  type SimulationContextInput,
  type SimulationResult,
  SimulationResultSchema,
} from '@adstudio/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';

/** POST /v1/creatives/{id}/simulate → the rule the creative would show in a context, and why. */
export const simulateCreative = ({
  id,
  context,
}: {
  id: number;
  context: SimulationContextInput;
}): Promise<SimulationResult> =>
  getData(SimulationResultSchema, api.post(`/v1/creatives/${id}/simulate`, context));

/** Nothing is cached: each run answers one context. The simulator shows a 422 on its fields. */
export const useSimulateCreative = () =>
  useMutation({ mutationFn: simulateCreative, meta: { skipAlert: true } });
