const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether text is a UUID (our ids): an id from a URL that is not one names nothing, and must not reach a uuid column. */
export const isUuid = (text: string | undefined): text is string => text !== undefined && UUID.test(text)
