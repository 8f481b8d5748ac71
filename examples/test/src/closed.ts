/** How many TCP servers this process is listening with (Node's active `TCPServerWrap` handles). */
export function listeningServers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'TCPServerWrap').length;
}
