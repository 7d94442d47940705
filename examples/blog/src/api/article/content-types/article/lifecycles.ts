/**
 * Article lifecycles, as a Strapi project writes them: an article created without a summary gets
 * one from its body's first paragraph (or its title). Hooks run inside the write's transaction,
 * for REST, GraphQL and `strapi.documents()` alike; throwing here would cancel the write.
 */
interface Block {
  type?: string;
  children?: { text?: string }[];
}

interface CreateEvent {
  params: { data: { title?: string; summary?: string | null; body?: Block[] | null } };
}

function firstParagraph(body: Block[] | null | undefined): string | undefined {
  const paragraph = body?.find((block) => block.type === 'paragraph');
  const text = paragraph?.children?.map((child) => child.text ?? '').join('').trim();
  return text ? text : undefined;
}

export default {
  beforeCreate(event: CreateEvent) {
    const { data } = event.params;
    if (data.summary) return;
    const text = firstParagraph(data.body) ?? data.title;
    if (text) data.summary = text.length > 160 ? `${text.slice(0, 159)}…` : text;
  },
};
