import { AbstractChat, type ChatInit, type ChatState, type ChatStatus, type UIMessage } from 'ai';

/** The chat's state in plain fields; every change calls `onChange`, which redraws the page. */
class ObservedChatState<MESSAGE extends UIMessage> implements ChatState<MESSAGE> {
  #status: ChatStatus = 'ready';
  #error: Error | undefined;
  #messages: MESSAGE[];
  readonly #onChange: () => void;

  constructor(messages: MESSAGE[], onChange: () => void) {
    this.#messages = messages;
    this.#onChange = onChange;
  }

  get status() {
    return this.#status;
  }
  set status(status: ChatStatus) {
    this.#status = status;
    this.#onChange();
  }
  get error() {
    return this.#error;
  }
  set error(error: Error | undefined) {
    this.#error = error;
    this.#onChange();
  }
  get messages() {
    return this.#messages;
  }
  set messages(messages: MESSAGE[]) {
    this.#messages = [...messages];
    this.#onChange();
  }
  pushMessage = (message: MESSAGE) => {
    this.#messages = [...this.#messages, message];
    this.#onChange();
  };
  popMessage = () => {
    this.#messages = this.#messages.slice(0, -1);
    this.#onChange();
  };
  replaceMessage = (index: number, message: MESSAGE) => {
    this.#messages = this.#messages.map((current, at) => (at === index ? message : current));
    this.#onChange();
  };
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

/**
 * The AI SDK's chat without a UI framework: `AbstractChat` (sending, streaming,
 * message assembly, metadata) over a state that calls `onChange` on every update, the
 * way `useChat` re-renders a React component.
 */
export class BrowserChat<MESSAGE extends UIMessage> extends AbstractChat<MESSAGE> {
  constructor(init: ChatInit<MESSAGE> & { onChange: () => void }) {
    const { messages = [], onChange, ...rest } = init;
    super({ ...rest, state: new ObservedChatState(messages, onChange) });
  }
}
