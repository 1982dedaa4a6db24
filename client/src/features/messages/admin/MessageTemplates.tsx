// What the shop sends by WhatsApp and SMS (Back office → Company, staff and admins), read-only:
// for each kind of message, the WhatsApp template it is sent as, the MSG91 Flow template and
// the DLT template id its SMS is registered under, and the registered text. The templates are
// data (table message_templates): changed when a template is approved under another name.
import styles from '../../../components/BackOfficeList.module.css';
import { api } from '../../../lib/api';
import own from './MessageTemplates.module.css';

interface MessageTemplate {
  kind: string;
  whatsappTemplate: string;
  whatsappLanguage: string;
  msg91TemplateId: string;
  dltTemplateId: string;
  body: string;
}

const templatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMessageTemplates: build.query<MessageTemplate[], void>({ query: () => 'admin/message-templates' }),
  }),
});

const { useGetMessageTemplatesQuery } = templatesApi;

const kindNames: Record<string, string> = {
  order_placed: 'Order placed',
  cod_confirm: 'Confirm a cash on delivery order',
  order_shipped: 'Shipped',
  order_out_for_delivery: 'Out for delivery',
  order_delivered: 'Delivered',
  ndr: 'Delivery attempt failed',
};

export function MessageTemplates() {
  const { data, isLoading, isError } = useGetMessageTemplatesQuery();
  return (
    <section aria-labelledby="message-templates-title" className={styles.page}>
      <header>
        <h2 id="message-templates-title" className={styles.title}>
          WhatsApp and SMS messages
        </h2>
        <p className={styles.lede}>What shoppers are sent, in their chosen channel. SMS go under their DLT template ids.</p>
      </header>
      {isLoading ? (
        <p className={styles.state}>Loading...</p>
      ) : isError || !data ? (
        <p className={styles.state}>The message templates could not be loaded.</p>
      ) : (
        <ul className={own.list} aria-label="Message templates">
          {data.map((template) => (
            <li key={template.kind} className={own.item}>
              <h3 className={own.kind}>{kindNames[template.kind] ?? template.kind}</h3>
              <dl className={own.ids}>
                <div>
                  <dt>WhatsApp template</dt>
                  <dd>
                    {template.whatsappTemplate} ({template.whatsappLanguage})
                  </dd>
                </div>
                <div>
                  <dt>MSG91 template</dt>
                  <dd>{template.msg91TemplateId}</dd>
                </div>
                <div>
                  <dt>DLT template id</dt>
                  <dd>{template.dltTemplateId}</dd>
                </div>
              </dl>
              <p className={own.body}>{template.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
