// Messages of the security features (issue 14): the refused gateway token, the gateway-mode sign-in.

export const securityEn = {
  'gateway.cloud.status.TOKEN_REFUSED': 'token refused',
  'gateway.cloud.problem.TOKEN_REFUSED':
    'The cloud refused this gateway’s token: it was deleted or replaced. The gateway stopped retrying. Paste a new connection token from the cloud to link it again.',
} as const;

export const securityRu: Record<keyof typeof securityEn, string> = {
  'gateway.cloud.status.TOKEN_REFUSED': 'токен отклонён',
  'gateway.cloud.problem.TOKEN_REFUSED':
    'Облако отклонило токен этого шлюза: он удалён или заменён. Шлюз перестал переподключаться. Вставьте новый токен подключения из облака, чтобы снова связать его.',
};
