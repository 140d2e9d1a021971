'use client';

import { useCallback, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import type { EditorialFormTarget, EditorialRecord } from '../editorial-target';
import { normalizedBaseline, openingRefusal, proposedTimes, recordOf, type ProposedTimes } from './record';

/** What opening found: the fields the form now holds, and the version and time they were saved. */
export interface Opened<F> {
  fields: F;
  updatedAt: string | null;
  version: number;
}

/**
 * The record part of the editorial form (issue 25 item 5): the item as loaded or last saved, its
 * id, its proposed times, and the baseline "unsaved" is measured against (the fields as last loaded
 * or saved, and the version the form is in step with). The form itself (antd) holds what is typed.
 */
export function useEditorialRecord<F extends object, R extends EditorialRecord>(
  target: EditorialFormTarget<F, R>,
  { form, id: idParam, applyFields: applyExtra }: { form: FormInstance<F>; id: number | null; applyFields?: (fields: F) => void },
) {
  const [id, setId] = useState<number | null>(idParam);
  const [record, setRecord] = useState<R | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(Boolean(idParam));
  const [isDirty, setDirty] = useState(false);
  const [times, setTimes] = useState<ProposedTimes>({ publishAt: null, offlineAt: null });

  /** The version the form was last in step with (a restored older copy keeps its own base). */
  const version = useRef(0);
  /** The fields as last saved or loaded: what "unsaved" is measured against, and the merge's base. */
  const baselineFields = useRef<F>(target.empty);
  const baseline = useRef<string>(target.keyOf(target.empty));
  const idRef = useRef(id);
  idRef.current = id;

  const currentFields = useCallback((): F => target.fieldsOf(form.getFieldsValue(true) as Partial<F>), [form, target]);

  /** The form's fields as the editor holds them (the video article keeps its body in a text box too). */
  const applyFields = useCallback(
    (fields: F) => {
      form.setFieldsValue(fields as Parameters<typeof form.setFieldsValue>[0]);
      applyExtra?.(fields);
    },
    [form, applyExtra],
  );

  /** The record and its proposed times into the screen's state. */
  const takeRecord = useCallback((rec: R) => {
    setRecord(rec);
    setTimes(proposedTimes(rec));
  }, []);

  /** A saved record is this form's item from now on (a new one gets its id). */
  const adopt = useCallback(
    (rec: R) => {
      takeRecord(rec);
      setId(rec.id);
      idRef.current = rec.id;
    },
    [takeRecord],
  );

  /** Marks the form as in step with the server at version `v`: nothing is unsaved. */
  const settle = useCallback(
    (fields: F, v: number) => {
      baselineFields.current = fields;
      baseline.current = target.keyOf(fields);
      version.current = v;
      setDirty(false);
    },
    [target],
  );

  /** Whether the form holds anything the baseline does not. */
  const changed = useCallback(() => target.keyOf(currentFields()) !== baseline.current, [currentFields, target]);

  /** Measures "unsaved" after a change: the new state, also returned. */
  const measure = useCallback(() => {
    const dirty = changed();
    setDirty(dirty);
    return dirty;
  }, [changed]);

  /** An editor's own serialization of a loaded body becomes the baseline: true when it did. */
  const normalize = useCallback(
    (name: keyof F, html: string) => {
      const next = normalizedBaseline(baselineFields.current, name, form.getFieldValue(name as never), html);
      if (!next) return false;
      baselineFields.current = next;
      baseline.current = target.keyOf(next);
      return true;
    },
    [form, target],
  );

  /**
   * Opens `?id=` (or a new item): the record into the form, or the reason it cannot be opened.
   * Resolves what the form holds, or null (refused, or `live()` turned false meanwhile).
   */
  const open = useCallback(
    async (itemId: number | null, live: () => boolean): Promise<Opened<F> | null> => {
      if (!itemId) return { fields: target.empty, updatedAt: null, version: 0 };
      setLoading(true);
      const reply = await target.api.fetch(itemId);
      if (!live()) return null;
      setLoading(false);
      const refused = openingRefusal(reply, target.label, target.refuse);
      const rec = recordOf(reply);
      if (refused || !rec) {
        setLoadError(refused);
        return null;
      }
      takeRecord(rec);
      setId(rec.id);
      const fields = target.fieldsOf(rec);
      applyFields(fields);
      return { fields, updatedAt: rec.updatedAt, version: rec.version };
    },
    [target, takeRecord, applyFields],
  );

  /** The record as the server has it now (after a transition), or null when it cannot be read. */
  const fetchCurrent = useCallback(async (itemId: number) => recordOf(await target.api.fetch(itemId)), [target]);

  return {
    id,
    idRef,
    record,
    loadError,
    isLoading,
    isDirty,
    times,
    setTimes,
    version,
    baselineFields,
    currentFields,
    applyFields,
    takeRecord,
    adopt,
    settle,
    changed,
    measure,
    normalize,
    open,
    fetchCurrent,
  };
}

export type EditorialRecordPart<F extends object, R extends EditorialRecord> = ReturnType<typeof useEditorialRecord<F, R>>;
