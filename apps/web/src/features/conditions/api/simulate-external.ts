import {
  type ExternalSimulation,
  ExternalSimulationSchema,
  type SimulationContextInput,
} from '@adstudio/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';

/** The context fields an outsider may set, as query parameters (empty ones left out). */
const QUERY_FIELDS = ['at', 'time_zone', 'country', 'region', 'city', 'device', 'language'] as const;

/** GET /v1/creatives/externalpreview/{token}/simulate → the variant a viewer would get. */
export const simulateExternal = ({
  token,
  context,
}: {
  token: string;
  context: SimulationContextInput;
}): Promise<ExternalSimulation> => {
  const params: Record<string, string> = {};
  for (const field of QUERY_FIELDS) {
    const value = context[field];
    if (value) params[field] = value;
  }
  return getData(
    ExternalSimulationSchema,
    api.get(`/v1/creatives/externalpreview/${encodeURIComponent(token)}/simulate`, { params }),
  );
};

/** A read that acts like a command: each run answers one context, and a 422 shows on its fields. */
export const useSimulateExternal = () =>
  useMutation({ mutationFn: simulateExternal, meta: { skipAlert: true } });
