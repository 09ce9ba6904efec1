/** The part of saxen's API the workbook reader (and the feed test) uses (the package ships no types). */
declare module 'saxen' {
  export type Decode = (text: string) => string;
  export class Parser {
    constructor(options?: { proxy?: boolean });
    on(event: 'openTag', cb: (name: string, attrs: () => Record<string, string>, decode: Decode, selfClosing: boolean) => void): this;
    on(event: 'closeTag', cb: (name: string, decode: Decode, selfClosing: boolean) => void): this;
    on(event: 'text', cb: (text: string, decode: Decode) => void): this;
    on(event: 'cdata', cb: (text: string) => void): this;
    on(event: 'error', cb: (err: Error) => void): this;
    on(event: 'warn', cb: (err: Error) => void): this;
    parse(xml: string): this;
  }
  export function decode(text: string): string;
}
