/** GETs one of the inspector's JSON routes; a status other than 2xx is an error naming it. */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}
