/** A heading to force at an offset: the role label of a message. */
export interface Label {
  start: number;
  end: number;
  message: number;
}
