import { H3 } from '@blueprintjs/core';

/** The screens section 2 names with a placeholder text only. */
export function Placeholder({ text }: { text: string }) {
  return (
    <section className="screen">
      <H3 className="screen-title">{text}</H3>
    </section>
  );
}
