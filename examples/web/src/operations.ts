// Every operation the client sends, typed by GraphQL Code Generator from the server's schema.
import { graphql } from './gql';

export const RegisterPlayer = graphql(`
  mutation RegisterPlayer($input: RegisterPlayerInput!) {
    registerPlayer(input: $input) {
      player {
        id
        name
      }
      token
      userErrors {
        code
        message
      }
    }
  }
`);

export const Viewer = graphql(`
  query Viewer {
    viewer {
      id
      name
      stats {
        gamesPlayed
        gamesWon
        gamesFinished
        gamesInProgress
      }
    }
  }
`);

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

export const TableFragment = graphql(`
  fragment Table on Game {
    id
    name
    status
    version
    rematch {
      id
    }
    inviteCode
    rollOff {
      attempt
      value
      seat {
        position
        player {
          name
        }
      }
    }
    lastEventSeq
    maxPlayers
    turnSeconds
    turnDeadline
    rules {
      preset
      startingDice
      wildAces
      exact
      exactCaller
      palifico
    }
    host {
      id
      name
    }
    winner {
      id
      name
    }
    viewerSeat {
      position
    }
    turn {
      position
    }
    seats {
      position
      diceCount
      dice
      eliminated
      left
      player {
        id
        name
        isBot
        botLevel
      }
    }
    currentRound {
      number
      palifico
      palificoSeat {
        position
      }
      bids {
        seq
        quantity
        face
        timedOut
        seat {
          position
          player {
            name
          }
        }
      }
    }
    legalActions {
      canBid
      canDudo
      canExact
      minBids {
        face
        minQuantity
        probability
      }
      standingBidOdds {
        atLeast
        exactly
      }
    }
  }
`);

export const GameTable = graphql(`
  query GameTable($id: ID!) {
    game(id: $id) {
      ...Table
    }
  }
`);

export const GameEvents = graphql(`
  subscription GameEvents($gameId: ID!, $afterSeq: Int) {
    gameEvents(gameId: $gameId, afterSeq: $afterSeq) {
      seq
      type
      at
      seat {
        position
        player {
          name
        }
      }
      round {
        ...RoundResult
      }
      game {
        ...Table
      }
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

export const CreateGame = graphql(`
  mutation CreateGame($input: CreateGameInput!) {
    createGame(input: $input) {
      game {
        id
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const QuickPlay = graphql(`
  mutation QuickPlay($input: QuickPlayInput!) {
    quickPlay(input: $input) {
      game {
        id
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const Rematch = graphql(`
  mutation Rematch($input: GameInput!) {
    rematch(input: $input) {
      game {
        id
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const KickPlayer = graphql(`
  mutation KickPlayer($input: SeatInput!) {
    kickPlayer(input: $input) {
      game {
        ...Table
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const TransferHost = graphql(`
  mutation TransferHost($input: SeatInput!) {
    transferHost(input: $input) {
      game {
        ...Table
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const JoinGame = graphql(`
  mutation JoinGame($input: GameInput!) {
    joinGame(input: $input) {
      game {
        ...Table
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const StartGame = graphql(`
  mutation StartGame($input: GameInput!) {
    startGame(input: $input) {
      game {
        ...Table
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const LeaveGame = graphql(`
  mutation LeaveGame($input: GameInput!) {
    leaveGame(input: $input) {
      game {
        ...Table
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const PlaceBid = graphql(`
  mutation PlaceBid($input: PlaceBidInput!) {
    placeBid(input: $input) {
      game {
        ...Table
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const CallDudo = graphql(`
  mutation CallDudo($input: GameActionInput!) {
    callDudo(input: $input) {
      game {
        ...Table
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const CallExact = graphql(`
  mutation CallExact($input: GameActionInput!) {
    callExact(input: $input) {
      game {
        ...Table
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const AddBot = graphql(`
  mutation AddBot($input: AddBotInput!) {
    addBot(input: $input) {
      game {
        ...Table
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const RemoveBot = graphql(`
  mutation RemoveBot($input: RemoveBotInput!) {
    removeBot(input: $input) {
      game {
        ...Table
      }
      userErrors {
        code
        message
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

export const GameChat = graphql(`
  subscription GameChat($gameId: ID!, $afterSeq: Int) {
    gameChat(gameId: $gameId, afterSeq: $afterSeq) {
      ...ChatMessageFields
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
