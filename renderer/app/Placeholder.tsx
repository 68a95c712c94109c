import { H3 } from '@blueprintjs/core';

/** The screens that show a placeholder text only, for now. */
export function Placeholder({ text }: { text: string }) {
  return (
    <section className="screen">
      <H3 className="screen-title">{text}</H3>
    </section>
  );
}
