import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AccessLogEntry,
  type DoctorReply,
  type ListMeta,
  type PatientRecordReply,
  type PatientReply,
  RECORD_URLS,
  type RecordKind,
} from '../../../contracts/patients';
import type { Paged } from '../../../domain/paging/paging';
import { errorMessage } from '../../lib/form-errors';
import { HttpError, http } from '../../lib/http';

type Query = Record<string, string | number>;

export const patientKeys = {
  all: ['patients'] as const,
  list: (query: Query) => ['patients', 'list', query] as const,
  one: (id: number) => ['patients', 'one', id] as const,
  doctors: ['patients', 'doctors'] as const,
  records: (kind: RecordKind, patientId: number) => ['patients', 'records', kind, patientId] as const,
};

/** GET /api/patients: users holding the patient role, paged in SQL. */
export function usePatients(query: Query) {
  return useQuery({
    queryKey: patientKeys.list(query),
    queryFn: ({ signal }) => http.get<Paged<PatientReply>>('/api/patients', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePatient(id: number) {
  return useQuery({
    queryKey: patientKeys.one(id),
    queryFn: ({ signal }) => http.get<{ data: PatientReply }>(`/api/patients/${id}`, undefined, signal),
    select: (reply) => reply.data,
    retry: false,
  });
}

/** GET /api/patients/medications/doctors (spec 3 §7): the doctor fields' choices. */
export function useDoctors() {
  return useQuery({
    queryKey: patientKeys.doctors,
    queryFn: ({ signal }) =>
      http.get<{ data: DoctorReply[] }>('/api/patients/medications/doctors', undefined, signal),
    select: (reply) => reply.data,
    staleTime: 60_000,
  });
}

/** A kind's URLs for one patient: /api/patients/{id}/medications or /api/patient-allergies?patient_id=. */
function urlsOf(kind: RecordKind, patientId: number) {
  const urls = RECORD_URLS[kind];
  const list = urls.list.replace(':id', String(patientId));
  const item = (id: number) => urls.item.replace(':id', String(patientId)).replace(/:\w+$/, String(id));
  return {
    list,
    item: urls.underPatient ? item : (id: number) => urls.item.replace(':id', String(id)),
    listQuery: urls.underPatient ? {} : { patient_id: patientId },
    bodyExtra: urls.underPatient ? {} : { patient_id: patientId },
  };
}

type ListReply = Paged<PatientRecordReply> | { data: PatientRecordReply[]; meta: ListMeta };

/** One page of a patient's records of one kind; both reply shapes of spec 3 §7 read as a Paged list. */
export function usePatientRecords(kind: RecordKind, patientId: number, query: Query) {
  const urls = urlsOf(kind, patientId);
  return useQuery({
    queryKey: [...patientKeys.records(kind, patientId), query],
    queryFn: async ({ signal }): Promise<Paged<PatientRecordReply>> => {
      const reply = await http.get<ListReply>(urls.list, { ...urls.listQuery, ...query }, signal);
      return 'meta' in reply ? { data: reply.data, ...reply.meta } : reply;
    },
    placeholderData: keepPreviousData,
  });
}

type Saved = { success: true; message: string; data: PatientRecordReply };

/** POST, PUT and DELETE of one kind's records. */
export function usePatientRecordChanges(kind: RecordKind, patientId: number) {
  const client = useQueryClient();
  const urls = urlsOf(kind, patientId);
  const refresh = () => client.invalidateQueries({ queryKey: patientKeys.records(kind, patientId) });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      id === null
        ? http.post<Saved>(urls.list, { ...urls.bodyExtra, ...body })
        : http.put<Saved>(urls.item(id), { ...urls.bodyExtra, ...body }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => http.delete<{ success: true; message: string }>(urls.item(id)),
    onSettled: refresh,
  });
  return { save, remove };
}

/**
 * spec 3 §8: the server's message when it gave one; a refusal without one says `refused`
 * ('Failed to save medication'); a call that never got an answer says `broken` ('An error
 * occurred while saving the medication').
 */
export function failureText(error: unknown, refused: string, broken: string): string {
  return error instanceof HttpError ? errorMessage(error, refused) : broken;
}

/** GET /api/patient-record-access: the access log (issue 17), 25 a page, newest first. */
export function useAccessLog(query: { page: number; patient_id?: number; user_id?: number }) {
  return useQuery({
    queryKey: ['patients', 'access-log', query] as const,
    queryFn: ({ signal }) =>
      http.get<{ data: Paged<AccessLogEntry> }>(
        '/api/patient-record-access',
        query as Record<string, number>,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
