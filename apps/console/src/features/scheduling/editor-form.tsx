import type { FieldIssue } from '@farola/protocol';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
} from '@fluentui/react-components';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelButton } from '@/components/cancel-button';
import { fieldRuleMessage } from '@/lib/api/error-message';
import { useEditorStyles } from './editor-form.styles';

export type EditorMode = 'create' | 'edit' | 'view';

/** What an editor of the Scheduling screen is given: what it edits, how, and where the result goes. */
export interface EditorProps<V> {
  initial: V;
  mode: EditorMode;
  /** Saves the checked value; rejects with the message to show (the server's, in the user's language). */
  onSave: (value: V) => Promise<void>;
  /** 'Save and apply' (spec §2 Scheduling), where the editor offers it: saves, then sends it to the groups that run it. */
  onSaveAndApply?: ((value: V) => Promise<void>) | undefined;
  onClose: () => void;
}

/**
 * The state of an editor form: the draft as typed, the checks' findings once Save was pressed
 * (cleared by the next edit), and the save in flight and its failure. `check` is the server's own
 * schema over the draft; a message for a finding comes from `special` when it knows the rule.
 */
export function useEditorForm<D, V>(options: {
  initial: () => D;
  check: (draft: D) => { value: V | null; issues: FieldIssue[] };
  onSave: (value: V) => Promise<void>;
  special?: (issue: FieldIssue) => string | undefined;
}) {
  const { t: tErrors } = useTranslation('errors');
  const [draft, setDraft] = useState<D>(options.initial);
  const [issues, setIssues] = useState<FieldIssue[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  /** The message of the first finding at `path` (or under it, with `nested`); an empty value reads 'Required field'. */
  const messageAt = (path: string, options2: { value?: string; nested?: boolean } = {}) => {
    const issue = issues?.find(
      (candidate) => candidate.path === path || (options2.nested === true && candidate.path.startsWith(`${path}.`)),
    );
    if (!issue) return undefined;
    const special = options.special?.(issue);
    if (special) return special;
    if (options2.value === '' || (issue.rule === 'minLength' && issue.limit === 1))
      return fieldRuleMessage(tErrors, 'required');
    return fieldRuleMessage(tErrors, issue.rule, issue.limit);
  };
  return {
    draft,
    issues,
    failure,
    saving,
    messageAt,
    /** A Field's validation props for `path`. */
    fieldState: (path: string, options2: { value?: string; nested?: boolean } = {}) => {
      const message = messageAt(path, options2);
      return message ? { validationState: 'error' as const, validationMessage: message } : {};
    },
    edit: (change: Partial<D>) => {
      setDraft((current) => ({ ...current, ...change }));
      setIssues(null);
    },
    /** Checks the draft and hands the value to `handler` (the editor's Save unless told otherwise). */
    save: async (handler: (value: V) => Promise<void> = options.onSave) => {
      const checked = options.check(draft);
      if (checked.value === null) return setIssues(checked.issues);
      setSaving(true);
      setFailure(null);
      try {
        await handler(checked.value);
      } catch (error) {
        setFailure(error instanceof Error ? error.message : String(error));
      } finally {
        setSaving(false);
      }
    },
  };
}

/** The dialog around an editor: its title, the save's failure, and Cancel (Close when read-only) and Save. */
export function EditorDialog(props: {
  title: string;
  mode: EditorMode;
  surfaceClassName: string;
  testId: string;
  failure: string | null;
  saving: boolean;
  onSave: () => void;
  /** Shown beside Save when given. */
  onSaveAndApply?: (() => void) | undefined;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('scheduling');
  const styles = useEditorStyles();
  const readOnly = props.mode === 'view';
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && props.onClose()}>
      <DialogSurface className={props.surfaceClassName}>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent className={styles.content}>
            {props.failure && (
              <MessageBar intent="error" data-testid={`${props.testId}-save-error`}>
                <MessageBarBody>{props.failure}</MessageBarBody>
              </MessageBar>
            )}
            {props.children}
          </DialogContent>
          <DialogActions>
            <CancelButton onClick={props.onClose}>{t(readOnly ? 'editor.close' : 'common:action.cancel')}</CancelButton>
            {!readOnly && props.onSaveAndApply && (
              <Button data-testid={`${props.testId}-save-apply`} disabled={props.saving} onClick={props.onSaveAndApply}>
                {t('editor.saveAndApply')}
              </Button>
            )}
            {!readOnly && (
              <Button
                appearance="primary"
                data-testid={`${props.testId}-save`}
                disabled={props.saving}
                onClick={props.onSave}
              >
                {t('editor.save')}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
