// The operations the client sends that @perudo/client does not have (in this shape), typed by GraphQL Code
// Generator from the server's schema. Games, moves and their streams are the package's.
import { graphql } from './gql';

export const LobbyPage = graphql(`
  query LobbyPage {
    rulePresets {
      preset
      startingDice
      maxPlayers
      minPlayers
      wildAces
      exact
      palifico
    }
    games(status: LOBBY, first: 50) {
      nodes {
        ...LobbyGame
      }
    }
    viewer {
      games(first: 20) {
        nodes {
          id
          name
          status
          version
          seats {
            position
          }
          winner {
            name
          }
          finishedAt
        }
      }
    }
  }
`);

export const LobbyGameFragment = graphql(`
  fragment LobbyGame on Game {
    id
    name
    status
    version
    maxPlayers
    createdAt
    turnSeconds
    rules {
      preset
      startingDice
    }
    host {
      id
      name
    }
    seats {
      position
      player {
        id
        name
      }
    }
    viewerSeat {
      position
    }
  }
`);

export const LobbyEvents = graphql(`
  subscription LobbyEvents {
    lobbyEvents {
      ...LobbyGame
    }
  }
`);

export const RoundResultFragment = graphql(`
  fragment RoundResult on Round {
    number
    voided
    palifico
    starter {
      position
    }
    bids {
      quantity
      face
      seat {
        position
        player {
          name
        }
      }
    }
    outcome {
      kind
      actualCount
      bid {
        quantity
        face
        seat {
          player {
            name
          }
        }
      }
      caller {
        player {
          name
        }
      }
      loser {
        player {
          name
        }
      }
      gainer {
        player {
          name
        }
      }
    }
    reveal {
      seat {
        position
        player {
          name
        }
      }
      dice
    }
  }
`);

export const GameHistory = graphql(`
  query GameHistory($id: ID!, $after: String) {
    game(id: $id) {
      id
      name
      status
      startedAt
      finishedAt
      winner {
        name
      }
      seats {
        position
        player {
          name
        }
      }
      rounds(first: 100, after: $after) {
        nodes {
          ...RoundResult
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

export const ChatMessageFields = graphql(`
  fragment ChatMessageFields on ChatMessage {
    id
    seq
    text
    emote
    at
    author {
      id
      name
    }
  }
`);

export const SendChatMessage = graphql(`
  mutation SendChatMessage($input: ChatMessageInput!) {
    sendChatMessage(input: $input) {
      message {
        ...ChatMessageFields
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const MutePlayer = graphql(`
  mutation MutePlayer($input: MutePlayerInput!) {
    mutePlayer(input: $input) {
      muted
      userErrors {
        code
        message
      }
    }
  }
`);

export const WebhookFields = graphql(`
  fragment WebhookFields on Webhook {
    id
    url
    events
    description
    enabled
    disabledReason
    createdAt
    deliveries(first: 10) {
      nodes {
        id
        webhookMessageId
        eventType
        status
        attempts
        responseStatus
        durationMs
        lastAttemptAt
        nextAttemptAt
      }
    }
  }
`);

export const WebhooksPage = graphql(`
  query WebhooksPage {
    viewer {
      id
      challengePolicy
      webhooks {
        ...WebhookFields
      }
    }
  }
`);

export const CreateWebhook = graphql(`
  mutation CreateWebhook($input: CreateWebhookInput!) {
    createWebhook(input: $input) {
      secret
      webhook {
        id
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const UpdateWebhook = graphql(`
  mutation UpdateWebhook($input: UpdateWebhookInput!) {
    updateWebhook(input: $input) {
      webhook {
        id
        enabled
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const RotateWebhookSecret = graphql(`
  mutation RotateWebhookSecret($input: WebhookInput!) {
    rotateWebhookSecret(input: $input) {
      secret
      userErrors {
        code
        message
      }
    }
  }
`);

export const DeleteWebhook = graphql(`
  mutation DeleteWebhook($input: WebhookInput!) {
    deleteWebhook(input: $input) {
      userErrors {
        code
        message
      }
    }
  }
`);

export const RedeliverWebhook = graphql(`
  mutation RedeliverWebhook($input: DeliveryInput!) {
    redeliverWebhook(input: $input) {
      delivery {
        id
        status
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const ChallengeFields = graphql(`
  fragment ChallengeFields on Challenge {
    id
    status
    message
    expiresAt
    challenger {
      id
      name
    }
    game {
      id
    }
    invitees {
      status
      player {
        id
        name
      }
    }
  }
`);

export const MyChallenges = graphql(`
  query MyChallenges {
    viewer {
      id
      challenges(status: OPEN) {
        ...ChallengeFields
      }
    }
  }
`);

export const ChallengePlayers = graphql(`
  mutation ChallengePlayers($input: ChallengeInput!) {
    challengePlayers(input: $input) {
      challenge {
        ...ChallengeFields
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const AcceptChallenge = graphql(`
  mutation AcceptChallenge($input: ChallengeIdInput!) {
    acceptChallenge(input: $input) {
      challenge {
        id
        game {
          id
        }
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const DeclineChallenge = graphql(`
  mutation DeclineChallenge($input: ChallengeIdInput!) {
    declineChallenge(input: $input) {
      userErrors {
        code
        message
      }
    }
  }
`);

export const CancelChallenge = graphql(`
  mutation CancelChallenge($input: ChallengeIdInput!) {
    cancelChallenge(input: $input) {
      userErrors {
        code
        message
      }
    }
  }
`);

export const ChallengeEvents = graphql(`
  subscription ChallengeEvents {
    playerEvents {
      type
      challenge {
        ...ChallengeFields
      }
    }
  }
`);

export const PlayerPage = graphql(`
  query PlayerPage($id: ID!) {
    player(id: $id) {
      id
      name
      botLevel
    }
    viewer {
      id
      challengePolicy
      blockedPlayers {
        id
      }
      challenges {
        ...ChallengeFields
      }
    }
    rulePresets {
      preset
    }
  }
`);

export const BlockPlayer = graphql(`
  mutation BlockPlayer($input: PlayerIdInput!) {
    blockPlayer(input: $input) {
      userErrors {
        code
        message
      }
    }
  }
`);

export const UnblockPlayer = graphql(`
  mutation UnblockPlayer($input: PlayerIdInput!) {
    unblockPlayer(input: $input) {
      userErrors {
        code
        message
      }
    }
  }
`);

export const SetChallengePolicy = graphql(`
  mutation SetChallengePolicy($input: ChallengePolicyInput!) {
    setChallengePolicy(input: $input) {
      player {
        id
        challengePolicy
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const HeadToHeadWithViewer = graphql(`
  query HeadToHeadWithViewer($opponentId: ID!, $preset: RulePreset, $finishedAfter: DateTime) {
    viewer {
      id
      headToHead(opponentId: $opponentId, preset: $preset, finishedAfter: $finishedAfter) {
        games
        placedAbove
        placedBelow
        diceTaken
        diceLost
        recent(first: 10) {
          nodes {
            id
            name
            finishedAt
            rules {
              preset
            }
            places {
              place
              player {
                id
                name
              }
            }
          }
        }
      }
    }
  }
`);

export const PlayerStatsByPreset = graphql(`
  query PlayerStatsByPreset($id: ID!, $preset: RulePreset) {
    player(id: $id) {
      id
      stats(preset: $preset) {
        gamesPlayed
        gamesFinished
        gamesInProgress
        gamesWon
        roundsPlayed
        roundsLost
        bidsPlaced
        bidsChallenged
        bidsChallengedHeld
        dudoCalls
        dudoCallsWon
        exactCalls
        exactCallsWon
      }
    }
  }
`);

export const AgentLeaderboard = graphql(`
  query AgentLeaderboard($preset: RulePreset!, $after: String, $includeProvisional: Boolean!) {
    agentLeaderboard(preset: $preset, first: 50, after: $after, includeProvisional: $includeProvisional) {
      edges {
        cursor
        node {
          rank
          player {
            id
            name
            isArenaReference
            retired
            owner {
              id
              name
            }
          }
          rating {
            ordinal
            mu
            sigma
            games
            provisional
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const AgentGames = graphql(`
  query AgentGames($playerId: ID!) {
    games(playerId: $playerId, first: 10) {
      nodes {
        id
        name
        status
        arena
        finishedAt
        rules {
          preset
        }
        places {
          place
          player {
            id
          }
        }
        seats {
          position
          player {
            id
            name
          }
        }
      }
    }
  }
`);

export const AgentFields = graphql(`
  fragment AgentFields on Player {
    id
    name
    retired
  }
`);

export const MyAgents = graphql(`
  query MyAgents {
    viewer {
      id
      isAgent
      agents {
        ...AgentFields
      }
    }
  }
`);

export const CreateAgent = graphql(`
  mutation CreateAgent($input: CreateAgentInput!) {
    createAgent(input: $input) {
      player {
        ...AgentFields
      }
      token
      userErrors {
        code
        message
      }
    }
  }
`);

export const RotateAgentToken = graphql(`
  mutation RotateAgentToken($input: AgentInput!) {
    rotateAgentToken(input: $input) {
      player {
        ...AgentFields
      }
      token
      userErrors {
        code
        message
      }
    }
  }
`);

export const RenameAgent = graphql(`
  mutation RenameAgent($input: RenameAgentInput!) {
    renameAgent(input: $input) {
      player {
        ...AgentFields
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const RetireAgent = graphql(`
  mutation RetireAgent($input: AgentInput!) {
    retireAgent(input: $input) {
      player {
        ...AgentFields
      }
      userErrors {
        code
        message
      }
    }
  }
`);
