/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query LobbyPage {\n    rulePresets {\n      preset\n      startingDice\n      maxPlayers\n      minPlayers\n      wildAces\n      exact\n      palifico\n    }\n    games(status: LOBBY, first: 50) {\n      nodes {\n        ...LobbyGame\n      }\n    }\n    viewer {\n      games(first: 20) {\n        nodes {\n          id\n          name\n          status\n          version\n          seats {\n            position\n          }\n          winner {\n            name\n          }\n          finishedAt\n        }\n      }\n    }\n  }\n": typeof types.LobbyPageDocument,
    "\n  fragment LobbyGame on Game {\n    id\n    name\n    status\n    version\n    maxPlayers\n    createdAt\n    turnSeconds\n    rules {\n      preset\n      startingDice\n    }\n    host {\n      id\n      name\n    }\n    seats {\n      position\n      player {\n        id\n        name\n      }\n    }\n    viewerSeat {\n      position\n    }\n  }\n": typeof types.LobbyGameFragmentDoc,
    "\n  subscription LobbyEvents {\n    lobbyEvents {\n      ...LobbyGame\n    }\n  }\n": typeof types.LobbyEventsDocument,
    "\n  fragment RoundResult on Round {\n    number\n    voided\n    palifico\n    starter {\n      position\n    }\n    bids {\n      quantity\n      face\n      seat {\n        position\n        player {\n          name\n        }\n      }\n    }\n    outcome {\n      kind\n      actualCount\n      bid {\n        quantity\n        face\n        seat {\n          player {\n            name\n          }\n        }\n      }\n      caller {\n        player {\n          name\n        }\n      }\n      loser {\n        player {\n          name\n        }\n      }\n      gainer {\n        player {\n          name\n        }\n      }\n    }\n    reveal {\n      seat {\n        position\n        player {\n          name\n        }\n      }\n      dice\n    }\n  }\n": typeof types.RoundResultFragmentDoc,
    "\n  query GameHistory($id: ID!, $after: String) {\n    game(id: $id) {\n      id\n      name\n      status\n      startedAt\n      finishedAt\n      winner {\n        name\n      }\n      seats {\n        position\n        player {\n          name\n        }\n      }\n      rounds(first: 100, after: $after) {\n        nodes {\n          ...RoundResult\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.GameHistoryDocument,
    "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    seq\n    text\n    emote\n    at\n    author {\n      id\n      name\n    }\n  }\n": typeof types.ChatMessageFieldsFragmentDoc,
    "\n  mutation SendChatMessage($input: ChatMessageInput!) {\n    sendChatMessage(input: $input) {\n      message {\n        ...ChatMessageFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.SendChatMessageDocument,
    "\n  mutation MutePlayer($input: MutePlayerInput!) {\n    mutePlayer(input: $input) {\n      muted\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.MutePlayerDocument,
    "\n  fragment WebhookFields on Webhook {\n    id\n    url\n    events\n    description\n    enabled\n    disabledReason\n    createdAt\n    deliveries(first: 10) {\n      nodes {\n        id\n        webhookMessageId\n        eventType\n        status\n        attempts\n        responseStatus\n        durationMs\n        lastAttemptAt\n        nextAttemptAt\n      }\n    }\n  }\n": typeof types.WebhookFieldsFragmentDoc,
    "\n  query WebhooksPage {\n    viewer {\n      id\n      challengePolicy\n      webhooks {\n        ...WebhookFields\n      }\n    }\n  }\n": typeof types.WebhooksPageDocument,
    "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        id\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.CreateWebhookDocument,
    "\n  mutation UpdateWebhook($input: UpdateWebhookInput!) {\n    updateWebhook(input: $input) {\n      webhook {\n        id\n        enabled\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.UpdateWebhookDocument,
    "\n  mutation RotateWebhookSecret($input: WebhookInput!) {\n    rotateWebhookSecret(input: $input) {\n      secret\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.RotateWebhookSecretDocument,
    "\n  mutation DeleteWebhook($input: WebhookInput!) {\n    deleteWebhook(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.DeleteWebhookDocument,
    "\n  mutation RedeliverWebhook($input: DeliveryInput!) {\n    redeliverWebhook(input: $input) {\n      delivery {\n        id\n        status\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.RedeliverWebhookDocument,
    "\n  fragment ChallengeFields on Challenge {\n    id\n    status\n    message\n    expiresAt\n    challenger {\n      id\n      name\n    }\n    game {\n      id\n    }\n    invitees {\n      status\n      player {\n        id\n        name\n      }\n    }\n  }\n": typeof types.ChallengeFieldsFragmentDoc,
    "\n  query MyChallenges {\n    viewer {\n      id\n      challenges(status: OPEN) {\n        ...ChallengeFields\n      }\n    }\n  }\n": typeof types.MyChallengesDocument,
    "\n  mutation ChallengePlayers($input: ChallengeInput!) {\n    challengePlayers(input: $input) {\n      challenge {\n        ...ChallengeFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.ChallengePlayersDocument,
    "\n  mutation AcceptChallenge($input: ChallengeIdInput!) {\n    acceptChallenge(input: $input) {\n      challenge {\n        id\n        game {\n          id\n        }\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.AcceptChallengeDocument,
    "\n  mutation DeclineChallenge($input: ChallengeIdInput!) {\n    declineChallenge(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.DeclineChallengeDocument,
    "\n  mutation CancelChallenge($input: ChallengeIdInput!) {\n    cancelChallenge(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.CancelChallengeDocument,
    "\n  subscription ChallengeEvents {\n    playerEvents {\n      type\n      challenge {\n        ...ChallengeFields\n      }\n    }\n  }\n": typeof types.ChallengeEventsDocument,
    "\n  query PlayerPage($id: ID!) {\n    player(id: $id) {\n      id\n      name\n      botLevel\n    }\n    viewer {\n      id\n      challengePolicy\n      blockedPlayers {\n        id\n      }\n      challenges {\n        ...ChallengeFields\n      }\n    }\n    rulePresets {\n      preset\n    }\n  }\n": typeof types.PlayerPageDocument,
    "\n  mutation BlockPlayer($input: PlayerIdInput!) {\n    blockPlayer(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.BlockPlayerDocument,
    "\n  mutation UnblockPlayer($input: PlayerIdInput!) {\n    unblockPlayer(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.UnblockPlayerDocument,
    "\n  mutation SetChallengePolicy($input: ChallengePolicyInput!) {\n    setChallengePolicy(input: $input) {\n      player {\n        id\n        challengePolicy\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.SetChallengePolicyDocument,
    "\n  query HeadToHeadWithViewer($opponentId: ID!, $preset: RulePreset, $finishedAfter: DateTime) {\n    viewer {\n      id\n      headToHead(opponentId: $opponentId, preset: $preset, finishedAfter: $finishedAfter) {\n        games\n        placedAbove\n        placedBelow\n        diceTaken\n        diceLost\n        recent(first: 10) {\n          nodes {\n            id\n            name\n            finishedAt\n            rules {\n              preset\n            }\n            places {\n              place\n              player {\n                id\n                name\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.HeadToHeadWithViewerDocument,
    "\n  query PlayerStatsByPreset($id: ID!, $preset: RulePreset) {\n    player(id: $id) {\n      id\n      stats(preset: $preset) {\n        gamesPlayed\n        gamesFinished\n        gamesInProgress\n        gamesWon\n        roundsPlayed\n        roundsLost\n        bidsPlaced\n        bidsChallenged\n        bidsChallengedHeld\n        dudoCalls\n        dudoCallsWon\n        exactCalls\n        exactCallsWon\n      }\n    }\n  }\n": typeof types.PlayerStatsByPresetDocument,
    "\n  query AgentLeaderboard($preset: RulePreset!, $after: String, $includeProvisional: Boolean!) {\n    agentLeaderboard(preset: $preset, first: 50, after: $after, includeProvisional: $includeProvisional) {\n      edges {\n        cursor\n        node {\n          rank\n          player {\n            id\n            name\n            isArenaReference\n            retired\n            owner {\n              id\n              name\n            }\n          }\n          rating {\n            ordinal\n            mu\n            sigma\n            games\n            provisional\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.AgentLeaderboardDocument,
    "\n  query AgentGames($playerId: ID!) {\n    games(playerId: $playerId, first: 10) {\n      nodes {\n        id\n        name\n        status\n        arena\n        finishedAt\n        rules {\n          preset\n        }\n        places {\n          place\n          player {\n            id\n          }\n        }\n        seats {\n          position\n          player {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": typeof types.AgentGamesDocument,
    "\n  fragment AgentFields on Player {\n    id\n    name\n    retired\n  }\n": typeof types.AgentFieldsFragmentDoc,
    "\n  query MyAgents {\n    viewer {\n      id\n      isAgent\n      agents {\n        ...AgentFields\n      }\n    }\n  }\n": typeof types.MyAgentsDocument,
    "\n  mutation CreateAgent($input: CreateAgentInput!) {\n    createAgent(input: $input) {\n      player {\n        ...AgentFields\n      }\n      token\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.CreateAgentDocument,
    "\n  mutation RotateAgentToken($input: AgentInput!) {\n    rotateAgentToken(input: $input) {\n      player {\n        ...AgentFields\n      }\n      token\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.RotateAgentTokenDocument,
    "\n  mutation RenameAgent($input: RenameAgentInput!) {\n    renameAgent(input: $input) {\n      player {\n        ...AgentFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.RenameAgentDocument,
    "\n  mutation RetireAgent($input: AgentInput!) {\n    retireAgent(input: $input) {\n      player {\n        ...AgentFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.RetireAgentDocument,
};
const documents: Documents = {
    "\n  query LobbyPage {\n    rulePresets {\n      preset\n      startingDice\n      maxPlayers\n      minPlayers\n      wildAces\n      exact\n      palifico\n    }\n    games(status: LOBBY, first: 50) {\n      nodes {\n        ...LobbyGame\n      }\n    }\n    viewer {\n      games(first: 20) {\n        nodes {\n          id\n          name\n          status\n          version\n          seats {\n            position\n          }\n          winner {\n            name\n          }\n          finishedAt\n        }\n      }\n    }\n  }\n": types.LobbyPageDocument,
    "\n  fragment LobbyGame on Game {\n    id\n    name\n    status\n    version\n    maxPlayers\n    createdAt\n    turnSeconds\n    rules {\n      preset\n      startingDice\n    }\n    host {\n      id\n      name\n    }\n    seats {\n      position\n      player {\n        id\n        name\n      }\n    }\n    viewerSeat {\n      position\n    }\n  }\n": types.LobbyGameFragmentDoc,
    "\n  subscription LobbyEvents {\n    lobbyEvents {\n      ...LobbyGame\n    }\n  }\n": types.LobbyEventsDocument,
    "\n  fragment RoundResult on Round {\n    number\n    voided\n    palifico\n    starter {\n      position\n    }\n    bids {\n      quantity\n      face\n      seat {\n        position\n        player {\n          name\n        }\n      }\n    }\n    outcome {\n      kind\n      actualCount\n      bid {\n        quantity\n        face\n        seat {\n          player {\n            name\n          }\n        }\n      }\n      caller {\n        player {\n          name\n        }\n      }\n      loser {\n        player {\n          name\n        }\n      }\n      gainer {\n        player {\n          name\n        }\n      }\n    }\n    reveal {\n      seat {\n        position\n        player {\n          name\n        }\n      }\n      dice\n    }\n  }\n": types.RoundResultFragmentDoc,
    "\n  query GameHistory($id: ID!, $after: String) {\n    game(id: $id) {\n      id\n      name\n      status\n      startedAt\n      finishedAt\n      winner {\n        name\n      }\n      seats {\n        position\n        player {\n          name\n        }\n      }\n      rounds(first: 100, after: $after) {\n        nodes {\n          ...RoundResult\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.GameHistoryDocument,
    "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    seq\n    text\n    emote\n    at\n    author {\n      id\n      name\n    }\n  }\n": types.ChatMessageFieldsFragmentDoc,
    "\n  mutation SendChatMessage($input: ChatMessageInput!) {\n    sendChatMessage(input: $input) {\n      message {\n        ...ChatMessageFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.SendChatMessageDocument,
    "\n  mutation MutePlayer($input: MutePlayerInput!) {\n    mutePlayer(input: $input) {\n      muted\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.MutePlayerDocument,
    "\n  fragment WebhookFields on Webhook {\n    id\n    url\n    events\n    description\n    enabled\n    disabledReason\n    createdAt\n    deliveries(first: 10) {\n      nodes {\n        id\n        webhookMessageId\n        eventType\n        status\n        attempts\n        responseStatus\n        durationMs\n        lastAttemptAt\n        nextAttemptAt\n      }\n    }\n  }\n": types.WebhookFieldsFragmentDoc,
    "\n  query WebhooksPage {\n    viewer {\n      id\n      challengePolicy\n      webhooks {\n        ...WebhookFields\n      }\n    }\n  }\n": types.WebhooksPageDocument,
    "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        id\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.CreateWebhookDocument,
    "\n  mutation UpdateWebhook($input: UpdateWebhookInput!) {\n    updateWebhook(input: $input) {\n      webhook {\n        id\n        enabled\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.UpdateWebhookDocument,
    "\n  mutation RotateWebhookSecret($input: WebhookInput!) {\n    rotateWebhookSecret(input: $input) {\n      secret\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.RotateWebhookSecretDocument,
    "\n  mutation DeleteWebhook($input: WebhookInput!) {\n    deleteWebhook(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.DeleteWebhookDocument,
    "\n  mutation RedeliverWebhook($input: DeliveryInput!) {\n    redeliverWebhook(input: $input) {\n      delivery {\n        id\n        status\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.RedeliverWebhookDocument,
    "\n  fragment ChallengeFields on Challenge {\n    id\n    status\n    message\n    expiresAt\n    challenger {\n      id\n      name\n    }\n    game {\n      id\n    }\n    invitees {\n      status\n      player {\n        id\n        name\n      }\n    }\n  }\n": types.ChallengeFieldsFragmentDoc,
    "\n  query MyChallenges {\n    viewer {\n      id\n      challenges(status: OPEN) {\n        ...ChallengeFields\n      }\n    }\n  }\n": types.MyChallengesDocument,
    "\n  mutation ChallengePlayers($input: ChallengeInput!) {\n    challengePlayers(input: $input) {\n      challenge {\n        ...ChallengeFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.ChallengePlayersDocument,
    "\n  mutation AcceptChallenge($input: ChallengeIdInput!) {\n    acceptChallenge(input: $input) {\n      challenge {\n        id\n        game {\n          id\n        }\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.AcceptChallengeDocument,
    "\n  mutation DeclineChallenge($input: ChallengeIdInput!) {\n    declineChallenge(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.DeclineChallengeDocument,
    "\n  mutation CancelChallenge($input: ChallengeIdInput!) {\n    cancelChallenge(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.CancelChallengeDocument,
    "\n  subscription ChallengeEvents {\n    playerEvents {\n      type\n      challenge {\n        ...ChallengeFields\n      }\n    }\n  }\n": types.ChallengeEventsDocument,
    "\n  query PlayerPage($id: ID!) {\n    player(id: $id) {\n      id\n      name\n      botLevel\n    }\n    viewer {\n      id\n      challengePolicy\n      blockedPlayers {\n        id\n      }\n      challenges {\n        ...ChallengeFields\n      }\n    }\n    rulePresets {\n      preset\n    }\n  }\n": types.PlayerPageDocument,
    "\n  mutation BlockPlayer($input: PlayerIdInput!) {\n    blockPlayer(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.BlockPlayerDocument,
    "\n  mutation UnblockPlayer($input: PlayerIdInput!) {\n    unblockPlayer(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.UnblockPlayerDocument,
    "\n  mutation SetChallengePolicy($input: ChallengePolicyInput!) {\n    setChallengePolicy(input: $input) {\n      player {\n        id\n        challengePolicy\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.SetChallengePolicyDocument,
    "\n  query HeadToHeadWithViewer($opponentId: ID!, $preset: RulePreset, $finishedAfter: DateTime) {\n    viewer {\n      id\n      headToHead(opponentId: $opponentId, preset: $preset, finishedAfter: $finishedAfter) {\n        games\n        placedAbove\n        placedBelow\n        diceTaken\n        diceLost\n        recent(first: 10) {\n          nodes {\n            id\n            name\n            finishedAt\n            rules {\n              preset\n            }\n            places {\n              place\n              player {\n                id\n                name\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": types.HeadToHeadWithViewerDocument,
    "\n  query PlayerStatsByPreset($id: ID!, $preset: RulePreset) {\n    player(id: $id) {\n      id\n      stats(preset: $preset) {\n        gamesPlayed\n        gamesFinished\n        gamesInProgress\n        gamesWon\n        roundsPlayed\n        roundsLost\n        bidsPlaced\n        bidsChallenged\n        bidsChallengedHeld\n        dudoCalls\n        dudoCallsWon\n        exactCalls\n        exactCallsWon\n      }\n    }\n  }\n": types.PlayerStatsByPresetDocument,
    "\n  query AgentLeaderboard($preset: RulePreset!, $after: String, $includeProvisional: Boolean!) {\n    agentLeaderboard(preset: $preset, first: 50, after: $after, includeProvisional: $includeProvisional) {\n      edges {\n        cursor\n        node {\n          rank\n          player {\n            id\n            name\n            isArenaReference\n            retired\n            owner {\n              id\n              name\n            }\n          }\n          rating {\n            ordinal\n            mu\n            sigma\n            games\n            provisional\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.AgentLeaderboardDocument,
    "\n  query AgentGames($playerId: ID!) {\n    games(playerId: $playerId, first: 10) {\n      nodes {\n        id\n        name\n        status\n        arena\n        finishedAt\n        rules {\n          preset\n        }\n        places {\n          place\n          player {\n            id\n          }\n        }\n        seats {\n          position\n          player {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": types.AgentGamesDocument,
    "\n  fragment AgentFields on Player {\n    id\n    name\n    retired\n  }\n": types.AgentFieldsFragmentDoc,
    "\n  query MyAgents {\n    viewer {\n      id\n      isAgent\n      agents {\n        ...AgentFields\n      }\n    }\n  }\n": types.MyAgentsDocument,
    "\n  mutation CreateAgent($input: CreateAgentInput!) {\n    createAgent(input: $input) {\n      player {\n        ...AgentFields\n      }\n      token\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.CreateAgentDocument,
    "\n  mutation RotateAgentToken($input: AgentInput!) {\n    rotateAgentToken(input: $input) {\n      player {\n        ...AgentFields\n      }\n      token\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.RotateAgentTokenDocument,
    "\n  mutation RenameAgent($input: RenameAgentInput!) {\n    renameAgent(input: $input) {\n      player {\n        ...AgentFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.RenameAgentDocument,
    "\n  mutation RetireAgent($input: AgentInput!) {\n    retireAgent(input: $input) {\n      player {\n        ...AgentFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.RetireAgentDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LobbyPage {\n    rulePresets {\n      preset\n      startingDice\n      maxPlayers\n      minPlayers\n      wildAces\n      exact\n      palifico\n    }\n    games(status: LOBBY, first: 50) {\n      nodes {\n        ...LobbyGame\n      }\n    }\n    viewer {\n      games(first: 20) {\n        nodes {\n          id\n          name\n          status\n          version\n          seats {\n            position\n          }\n          winner {\n            name\n          }\n          finishedAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').LobbyPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LobbyGame on Game {\n    id\n    name\n    status\n    version\n    maxPlayers\n    createdAt\n    turnSeconds\n    rules {\n      preset\n      startingDice\n    }\n    host {\n      id\n      name\n    }\n    seats {\n      position\n      player {\n        id\n        name\n      }\n    }\n    viewerSeat {\n      position\n    }\n  }\n"): typeof import('./graphql').LobbyGameFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription LobbyEvents {\n    lobbyEvents {\n      ...LobbyGame\n    }\n  }\n"): typeof import('./graphql').LobbyEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RoundResult on Round {\n    number\n    voided\n    palifico\n    starter {\n      position\n    }\n    bids {\n      quantity\n      face\n      seat {\n        position\n        player {\n          name\n        }\n      }\n    }\n    outcome {\n      kind\n      actualCount\n      bid {\n        quantity\n        face\n        seat {\n          player {\n            name\n          }\n        }\n      }\n      caller {\n        player {\n          name\n        }\n      }\n      loser {\n        player {\n          name\n        }\n      }\n      gainer {\n        player {\n          name\n        }\n      }\n    }\n    reveal {\n      seat {\n        position\n        player {\n          name\n        }\n      }\n      dice\n    }\n  }\n"): typeof import('./graphql').RoundResultFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GameHistory($id: ID!, $after: String) {\n    game(id: $id) {\n      id\n      name\n      status\n      startedAt\n      finishedAt\n      winner {\n        name\n      }\n      seats {\n        position\n        player {\n          name\n        }\n      }\n      rounds(first: 100, after: $after) {\n        nodes {\n          ...RoundResult\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').GameHistoryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    seq\n    text\n    emote\n    at\n    author {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').ChatMessageFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendChatMessage($input: ChatMessageInput!) {\n    sendChatMessage(input: $input) {\n      message {\n        ...ChatMessageFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').SendChatMessageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MutePlayer($input: MutePlayerInput!) {\n    mutePlayer(input: $input) {\n      muted\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').MutePlayerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookFields on Webhook {\n    id\n    url\n    events\n    description\n    enabled\n    disabledReason\n    createdAt\n    deliveries(first: 10) {\n      nodes {\n        id\n        webhookMessageId\n        eventType\n        status\n        attempts\n        responseStatus\n        durationMs\n        lastAttemptAt\n        nextAttemptAt\n      }\n    }\n  }\n"): typeof import('./graphql').WebhookFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhooksPage {\n    viewer {\n      id\n      challengePolicy\n      webhooks {\n        ...WebhookFields\n      }\n    }\n  }\n"): typeof import('./graphql').WebhooksPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        id\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').CreateWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhook($input: UpdateWebhookInput!) {\n    updateWebhook(input: $input) {\n      webhook {\n        id\n        enabled\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').UpdateWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateWebhookSecret($input: WebhookInput!) {\n    rotateWebhookSecret(input: $input) {\n      secret\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').RotateWebhookSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhook($input: WebhookInput!) {\n    deleteWebhook(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').DeleteWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhook($input: DeliveryInput!) {\n    redeliverWebhook(input: $input) {\n      delivery {\n        id\n        status\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').RedeliverWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChallengeFields on Challenge {\n    id\n    status\n    message\n    expiresAt\n    challenger {\n      id\n      name\n    }\n    game {\n      id\n    }\n    invitees {\n      status\n      player {\n        id\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').ChallengeFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyChallenges {\n    viewer {\n      id\n      challenges(status: OPEN) {\n        ...ChallengeFields\n      }\n    }\n  }\n"): typeof import('./graphql').MyChallengesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChallengePlayers($input: ChallengeInput!) {\n    challengePlayers(input: $input) {\n      challenge {\n        ...ChallengeFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').ChallengePlayersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptChallenge($input: ChallengeIdInput!) {\n    acceptChallenge(input: $input) {\n      challenge {\n        id\n        game {\n          id\n        }\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').AcceptChallengeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeclineChallenge($input: ChallengeIdInput!) {\n    declineChallenge(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').DeclineChallengeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelChallenge($input: ChallengeIdInput!) {\n    cancelChallenge(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').CancelChallengeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ChallengeEvents {\n    playerEvents {\n      type\n      challenge {\n        ...ChallengeFields\n      }\n    }\n  }\n"): typeof import('./graphql').ChallengeEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlayerPage($id: ID!) {\n    player(id: $id) {\n      id\n      name\n      botLevel\n    }\n    viewer {\n      id\n      challengePolicy\n      blockedPlayers {\n        id\n      }\n      challenges {\n        ...ChallengeFields\n      }\n    }\n    rulePresets {\n      preset\n    }\n  }\n"): typeof import('./graphql').PlayerPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BlockPlayer($input: PlayerIdInput!) {\n    blockPlayer(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').BlockPlayerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnblockPlayer($input: PlayerIdInput!) {\n    unblockPlayer(input: $input) {\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').UnblockPlayerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetChallengePolicy($input: ChallengePolicyInput!) {\n    setChallengePolicy(input: $input) {\n      player {\n        id\n        challengePolicy\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').SetChallengePolicyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HeadToHeadWithViewer($opponentId: ID!, $preset: RulePreset, $finishedAfter: DateTime) {\n    viewer {\n      id\n      headToHead(opponentId: $opponentId, preset: $preset, finishedAfter: $finishedAfter) {\n        games\n        placedAbove\n        placedBelow\n        diceTaken\n        diceLost\n        recent(first: 10) {\n          nodes {\n            id\n            name\n            finishedAt\n            rules {\n              preset\n            }\n            places {\n              place\n              player {\n                id\n                name\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').HeadToHeadWithViewerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlayerStatsByPreset($id: ID!, $preset: RulePreset) {\n    player(id: $id) {\n      id\n      stats(preset: $preset) {\n        gamesPlayed\n        gamesFinished\n        gamesInProgress\n        gamesWon\n        roundsPlayed\n        roundsLost\n        bidsPlaced\n        bidsChallenged\n        bidsChallengedHeld\n        dudoCalls\n        dudoCallsWon\n        exactCalls\n        exactCallsWon\n      }\n    }\n  }\n"): typeof import('./graphql').PlayerStatsByPresetDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentLeaderboard($preset: RulePreset!, $after: String, $includeProvisional: Boolean!) {\n    agentLeaderboard(preset: $preset, first: 50, after: $after, includeProvisional: $includeProvisional) {\n      edges {\n        cursor\n        node {\n          rank\n          player {\n            id\n            name\n            isArenaReference\n            retired\n            owner {\n              id\n              name\n            }\n          }\n          rating {\n            ordinal\n            mu\n            sigma\n            games\n            provisional\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql').AgentLeaderboardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentGames($playerId: ID!) {\n    games(playerId: $playerId, first: 10) {\n      nodes {\n        id\n        name\n        status\n        arena\n        finishedAt\n        rules {\n          preset\n        }\n        places {\n          place\n          player {\n            id\n          }\n        }\n        seats {\n          position\n          player {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').AgentGamesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AgentFields on Player {\n    id\n    name\n    retired\n  }\n"): typeof import('./graphql').AgentFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyAgents {\n    viewer {\n      id\n      isAgent\n      agents {\n        ...AgentFields\n      }\n    }\n  }\n"): typeof import('./graphql').MyAgentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAgent($input: CreateAgentInput!) {\n    createAgent(input: $input) {\n      player {\n        ...AgentFields\n      }\n      token\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').CreateAgentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateAgentToken($input: AgentInput!) {\n    rotateAgentToken(input: $input) {\n      player {\n        ...AgentFields\n      }\n      token\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').RotateAgentTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameAgent($input: RenameAgentInput!) {\n    renameAgent(input: $input) {\n      player {\n        ...AgentFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').RenameAgentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetireAgent($input: AgentInput!) {\n    retireAgent(input: $input) {\n      player {\n        ...AgentFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').RetireAgentDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
