// /admin/termsandconditions and /admin/returnpolicy: the shop's content pages, written in a
// small rich-text editor (headings, bold, italic, lists, links — what the server keeps when it
// sanitises) and saved by admins; the page is then what the storefront shows. A missing page
// starts empty.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '../../../../components/Button';
import { Field, FormAlert, formStyles } from '../../../../components/Form';
import { Spinner } from '../../../../components/Spinner';
import styles from '../../../../components/BackOfficeList.module.css';
import { useAppDispatch } from '../../../../app/hooks';
import type { ApiError } from '../../../../lib/api';
import { toastShown } from '../../../../lib/toast';
import { checkPage, editablePages, useGetContentPageQuery, useSaveContentPageMutation, type EditablePage } from '../pages';
import own from './ContentEditor.module.css';

const tools: { command: string; value?: string; label: string; text: string }[] = [
  { command: 'formatBlock', value: 'h2', label: 'Heading', text: 'H2' },
  { command: 'formatBlock', value: 'h3', label: 'Subheading', text: 'H3' },
  { command: 'formatBlock', value: 'p', label: 'Paragraph', text: '¶' },
  { command: 'bold', label: 'Bold', text: 'B' },
  { command: 'italic', label: 'Italic', text: 'I' },
  { command: 'insertUnorderedList', label: 'Bulleted list', text: '•' },
  { command: 'insertOrderedList', label: 'Numbered list', text: '1.' },
];

export function ContentEditor({ page, canChange }: { page: EditablePage; canChange: boolean }) {
  const dispatch = useAppDispatch();
  const meta = editablePages[page];
  const { data, isLoading, isError, error } = useGetContentPageQuery(meta.type);
  const [save, saving] = useSaveContentPageMutation();
  const [title, setTitle] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const editor = useRef<HTMLDivElement>(null);
  const missing = isError && (error as Partial<ApiError> | undefined)?.status === 404;
  const ready = !isLoading && (Boolean(data) || missing);

  // The loaded page fills the editor once; what the admin types is never overwritten.
  useEffect(() => {
    if (!ready || title !== null) return;
    setTitle(data?.title ?? meta.defaultTitle);
    if (editor.current) editor.current.innerHTML = data?.description ?? '';
  }, [ready, data, title, meta.defaultTitle]);

  function apply(command: string, value?: string) {
    editor.current?.focus();
    document.execCommand(command, false, value);
  }

  function link() {
    const href = window.prompt('Link to (https://… or /page)');
    if (href && (/^https?:\/\//.test(href) || href.startsWith('/'))) apply('createLink', href);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert('');
    const html = editor.current?.innerHTML ?? '';
    const problems = checkPage(title ?? '', html);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const saved = await save({ type: meta.type, title: (title ?? '').trim(), description: html }).unwrap();
      // Show what the server kept: the sanitised page.
      if (editor.current) editor.current.innerHTML = saved.description;
      dispatch(toastShown({ message: `${meta.heading} saved` }));
    } catch (failure) {
      const { message, errors: fields } = (failure as Partial<ApiError>) ?? {};
      setErrors(fields ?? {});
      setAlert(message || 'The page could not be saved');
    }
  }

  return (
    <div className={styles.page}>
      <title>{`${meta.heading} — drape back office`}</title>
      <header>
        <p className={styles.eyebrow}>Back office · Content</p>
        <h1 className={styles.title}>{meta.heading}</h1>
        <p className={styles.lede}>What shoppers read at {meta.storefront}. Scripts, styles and frames are removed when it is saved.</p>
      </header>
      {!ready ? (
        <p className={styles.state}>{isError && !missing ? 'The page could not be loaded.' : 'Loading...'}</p>
      ) : (
        <form className={`${formStyles.form} ${own.form}`} onSubmit={submit} noValidate aria-label={`Edit ${meta.heading}`}>
          <FormAlert>{alert}</FormAlert>
          {!canChange && <FormAlert tone="info">Only an admin changes the shop’s pages.</FormAlert>}
          <Field label="Title" name="title" value={title ?? ''} disabled={!canChange} onChange={(event) => setTitle(event.target.value)} error={errors.title} />
          <div className={own.editorWrap}>
            <span className={own.label} id={`${page}-text`}>
              Text
            </span>
            {canChange && (
              <div className={own.toolbar} role="toolbar" aria-label="Formatting">
                {tools.map((tool) => (
                  <button
                    key={tool.label}
                    type="button"
                    className={own.tool}
                    aria-label={tool.label}
                    title={tool.label}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => apply(tool.command, tool.value)}
                  >
                    {tool.text}
                  </button>
                ))}
                <button type="button" className={own.tool} aria-label="Link" title="Link" onMouseDown={(event) => event.preventDefault()} onClick={link}>
                  Link
                </button>
              </div>
            )}
            <div
              ref={editor}
              className={own.editor}
              contentEditable={canChange}
              suppressContentEditableWarning
              role="textbox"
              aria-multiline="true"
              aria-labelledby={`${page}-text`}
              aria-invalid={errors.description ? true : undefined}
            />
            {errors.description && <p className={own.error}>{errors.description}</p>}
          </div>
          <div className={styles.actions}>
            {canChange && (
              <Button type="submit" disabled={saving.isLoading} aria-busy={saving.isLoading || undefined}>
                {saving.isLoading && <Spinner size={16} />}
                Save page
              </Button>
            )}
            <ButtonLink to={meta.storefront} variant="secondary" target="_blank">
              See it in the shop
            </ButtonLink>
          </div>
        </form>
      )}
    </div>
  );
}
